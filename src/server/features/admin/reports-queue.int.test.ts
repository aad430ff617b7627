import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportQueuePaths, type ReportQueuePage } from '../../../core/api/report-queue';
import { safetyPaths } from '../../../core/api/safety';
import { balance } from '../../../core/balance';
import { consoleTexts } from '../../../core/texts/console';
import { reportQueueTexts } from '../../../core/texts/console-reports';
import { asPlayer, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { asOperator, auditRowsOf, consoleApp } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';

describe.each(drivers)('the console reports queue (ADR 062) [%s]', (driver) => {
  let app: TestApp;
  let moderator: Player;
  beforeAll(async () => ({ app, moderator } = await consoleApp(driver)));
  afterAll(() => app.close());

  // Each test starts past every send and report window.
  const fresh = () => app.clock.advance(Math.max(balance.messageRepeatWindowMs, balance.reportWindowMs) + 1);
  const say = async (p: Player, message: string) => {
    const res = await p.request('POST', '/api/chat/messages', { message });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const report = async (p: Player, target: object, reason = 'spam', note?: string) => {
    const res = await p.request('POST', safetyPaths.reports, { target, reason, ...(note ? { note } : {}) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const queue = async (op: Player = moderator, page = 1) => {
    const res = await op.request('GET', `${reportQueuePaths.queue}?page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportQueuePage;
  };
  const resolve = (op: Player, body: object) => op.request('POST', reportQueuePaths.resolve, body);
  const reportRows = () => app.db.database.query<Record<string, unknown>>('SELECT * FROM reports ORDER BY id');
  const auditCount = async () =>
    (await app.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n;
  const ofRefs = (page: ReportQueuePage, refs: string[]) => page.items.filter((i) => refs.includes(i.targetRef));

  it('groups the open reports per target: the most reported first, then the most recently reported', async () => {
    fresh();
    const [author, r1, r2, r3] = [await asPlayer(app), await asPlayer(app), await asPlayer(app), await asPlayer(app)];
    const older = await say(author, 'older line, reported twice');
    const quiet = await say(author, 'reported once, early');
    const newest = await say(author, 'reported once, last');
    await report(r1, { kind: 'chat', messageId: older }, 'spam', 'an ad');
    app.clock.advance(1000);
    await report(r2, { kind: 'chat', messageId: quiet }, 'harassment');
    app.clock.advance(1000);
    await report(r3, { kind: 'chat', messageId: older }, 'hate');
    app.clock.advance(1000);
    await report(r3, { kind: 'chat', messageId: newest }, 'spam');
    const mine = ofRefs(await queue(), [older, quiet, newest].map(String));
    expect(mine.map((i) => [i.targetRef, i.count])).toEqual([
      [String(older), 2],
      [String(newest), 1],
      [String(quiet), 1],
    ]);
    const top = mine[0]!;
    expect(top).toMatchObject({ targetKind: 'chat', reportedUserId: author.id, reportedUsername: author.username });
    expect(top.reporters.map((r) => [r.username, r.reason, r.note])).toEqual([
      [r3.username, 'hate', ''],
      [r1.username, 'spam', 'an ad'],
    ]);
    expect(new Date(top.lastReportedAt).getTime() - new Date(top.firstReportedAt).getTime()).toBe(2000);
    // A page past the end is empty, not an error.
    expect(await queue(moderator, 9999)).toEqual({ items: [], page: 9999, hasMore: false });
  });

  it('pages the queue: hasMore while more targets wait than a page shows', async () => {
    fresh();
    const reporter = await asPlayer(app);
    const targets = await Promise.all(Array.from({ length: 3 }, () => asPlayer(app)));
    for (const t of targets) await report(reporter, { kind: 'user', userId: t.id }, 'offensive-name');
    const first = await queue();
    const open = (await reportRows()).filter((r) => r.status === 'open');
    const targetsOpen = new Set(open.map((r) => `${String(r.target_kind)}:${String(r.target_ref)}`)).size;
    expect(first.items).toHaveLength(Math.min(targetsOpen, balance.reportQueuePageSize));
    expect(first.hasMore).toBe(targetsOpen > balance.reportQueuePageSize);
  });

  it('shows the line as it was reported, even after it is edited or deleted', async () => {
    fresh();
    const [author, reporter] = [await asPlayer(app), await asPlayer(app)];
    const lineId = await say(author, 'the words as they were');
    await report(reporter, { kind: 'chat', messageId: lineId }, 'harassment');
    await app.db.database.query('UPDATE chat_messages SET message = $1 WHERE id = $2', ['edited afterwards', lineId]);
    const [edited] = ofRefs(await queue(), [String(lineId)]);
    expect(edited!.snapshot).toMatchObject({
      kind: 'chat',
      text: 'the words as they were',
      author: author.username,
      authorId: author.id,
    });
    await app.db.database.query('DELETE FROM chat_messages WHERE id = $1', [lineId]);
    const [deleted] = ofRefs(await queue(), [String(lineId)]);
    expect(deleted!.snapshot).toMatchObject({ kind: 'chat', messageId: lineId, text: 'the words as they were' });
  });

  it('resolves every open report of a target at once, records the action and writes exactly one audit row', async () => {
    fresh();
    const [author, r1, r2] = [await asPlayer(app), await asPlayer(app), await asPlayer(app)];
    const lineId = await say(author, 'resolve me');
    await report(r1, { kind: 'chat', messageId: lineId });
    await report(r2, { kind: 'chat', messageId: lineId }, 'hate');
    const body = {
      targetKind: 'chat',
      targetRef: String(lineId),
      action: 'dismissed',
      reason: 'banter between friends',
    };
    const res = await resolve(moderator, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolved: 2 });
    const rows = await app.db.database.query<{ status: string; resolved_by: number; action: string }>(
      `SELECT status, resolved_by, action FROM reports WHERE target_kind = 'chat' AND target_ref = $1`,
      [String(lineId)],
    );
    expect(rows).toEqual([
      { status: 'resolved', resolved_by: moderator.id, action: 'dismissed' },
      { status: 'resolved', resolved_by: moderator.id, action: 'dismissed' },
    ]);
    expect(await auditRowsOf(app, author.id)).toEqual([
      {
        action: 'report-resolve',
        actor_label: moderator.username,
        actor_id: moderator.id,
        reason: 'banter between friends',
        before: { target: `chat:${lineId}`, status: 'open', openReports: 2 },
        after: { status: 'resolved', action: 'dismissed' },
      },
    ]);
    expect(ofRefs(await queue(), [String(lineId)])).toEqual([]);
    // Resolved already: a 409 that changes nothing and writes no second audit row.
    const audits = await auditCount();
    expectError(await resolve(moderator, body), 409, reportQueueTexts.alreadyResolved);
    expect(await auditCount()).toBe(audits);
  });

  it('lets a moderator dismiss a report about an admin but not record an action on them, nor resolve reports about themselves', async () => {
    fresh();
    const [admin, reporter] = [await asOperator(app, 'admin'), await asPlayer(app)];
    const lineId = await say(admin, 'an admin line');
    await report(reporter, { kind: 'chat', messageId: lineId });
    const target = { targetKind: 'chat', targetRef: String(lineId) };
    const before = await reportRows();
    expectError(
      await resolve(moderator, { ...target, action: 'muted', reason: 'muted them' }),
      403,
      consoleTexts.cannotActOn,
    );
    expect(await reportRows()).toEqual(before);

    const ownLine = await say(moderator, 'a moderator line');
    await report(reporter, { kind: 'chat', messageId: ownLine });
    const snapshot = await reportRows();
    expectError(
      await resolve(moderator, {
        targetKind: 'chat',
        targetRef: String(ownLine),
        action: 'dismissed',
        reason: 'not me',
      }),
      403,
      reportQueueTexts.notAboutYourself,
    );
    expect(await reportRows()).toEqual(snapshot);
    expect((await auditRowsOf(app, moderator.id)).filter((r) => r.action === 'report-resolve')).toEqual([]);

    expect((await resolve(moderator, { ...target, action: 'dismissed', reason: 'fair comment' })).json()).toEqual({
      resolved: 1,
    });
    expect((await auditRowsOf(app, admin.id)).filter((r) => r.action === 'report-resolve')).toHaveLength(1);
  });

  it('refuses bad bodies and query strings with a 400 and changes nothing', async () => {
    fresh();
    const [author, reporter] = [await asPlayer(app), await asPlayer(app)];
    const lineId = await say(author, 'aim at me');
    await report(reporter, { kind: 'chat', messageId: lineId });
    const good = { targetKind: 'chat', targetRef: String(lineId), action: 'dismissed', reason: 'fine' };
    const before = await reportRows();
    const audits = await auditCount();
    for (const bad of [
      undefined,
      {},
      { ...good, extra: 1 },
      { ...good, targetKind: 'teapot' },
      { ...good, action: 'vaporised' },
      { ...good, reason: '' },
      { ...good, reason: 'no' },
      { ...good, reason: 'x'.repeat(501) },
      { ...good, reason: 'bad\u0000reason' },
      { ...good, reason: 'flip\u202Eme' },
      { ...good, reason: 5 },
      { ...good, targetRef: lineId },
      { ...good, targetRef: '' },
      { ...good, targetRef: '-1' },
      { ...good, targetRef: '1.5' },
      { ...good, targetRef: '2147483648' },
      { ...good, targetRef: `${lineId}; DROP TABLE reports` },
      { ...good, targetRef: '1,2,3,4' },
      { ...good, targetKind: 'region', targetRef: String(lineId) },
      { ...good, targetRef: 'x'.repeat(33) },
      JSON.parse(
        `{"targetKind":"chat","targetRef":"${lineId}","action":"dismissed","reason":"fine","__proto__":{"x":1}}`,
      ),
    ]) {
      const res = await resolve(moderator, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expectError(await moderator.request('POST', reportQueuePaths.resolve, good, { 'x-csrf-token': 'nope' }), 403);
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'page=1e3',
      'page=',
      'page=99999999999999999',
      'other=1',
      'page=1&page=2',
    ]) {
      expect((await moderator.request('GET', `${reportQueuePaths.queue}?${query}`)).statusCode, query).toBe(400);
    }
    expect(await reportRows()).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect((await resolve(moderator, good)).json()).toEqual({ resolved: 1 });
  });

  it.runIf(driver === 'postgres')(
    'resolves once when twenty moderators resolve the same target at once: one audit row',
    async () => {
      fresh();
      const [author, reporter] = [await asPlayer(app), await asPlayer(app)];
      const lineId = await say(author, 'raced line');
      await report(reporter, { kind: 'chat', messageId: lineId });
      const mods = await Promise.all(Array.from({ length: 20 }, () => asOperator(app, 'moderator')));
      const body = { targetKind: 'chat', targetRef: String(lineId), action: 'dismissed', reason: 'raced' };
      const statuses = (await Promise.all(mods.map((m) => resolve(m, body)))).map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      expect(await auditRowsOf(app, author.id)).toHaveLength(1);
    },
  );
});
