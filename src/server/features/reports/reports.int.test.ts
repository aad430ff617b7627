import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths } from '../../../core/api/kernel';
import { safetyPaths, type ReportQueueItem } from '../../../core/api/safety';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { act, grant } from '../../../../tests/support/items';

const s = texts.safety;
const thanks = { message: s.reportThanks };

describe.each(drivers)('report (ADR 056) [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  // Each test starts past every send and report window.
  const fresh = () => app.clock.advance(Math.max(balance.messageRepeatWindowMs, balance.reportWindowMs) + 1);
  const report = (p: Player, body: unknown) => p.request('POST', safetyPaths.reports, body);
  const say = async (p: Player, message: string) => {
    const res = await p.request('POST', '/api/chat/messages', { message });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const pingTo = async (from: Player, to: Player, message: string) => {
    const res = await from.request('POST', '/api/directories/messages', { receiverId: to.id, message });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const reportRows = () => app.db.database.query<Record<string, unknown>>('SELECT * FROM reports ORDER BY id');
  const queue = () => app.services.reports.openQueue({ limit: 100 });
  const itemOf = async (kind: string, ref: string) =>
    (await queue()).find((q) => q.targetKind === kind && q.targetRef === ref);

  it('stores a chat line report with a snapshot, thanks the reporter, and counts a repeat once', async () => {
    fresh();
    const [a, b, c] = [await asPlayer(app), await asPlayer(app), await asPlayer(app)];
    const lineId = await say(b, 'buy cheap telnet at evil.example');
    const res = await report(a, { target: { kind: 'chat', messageId: lineId }, reason: 'spam', note: '  ad bot  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(thanks);
    const before = await reportRows();
    // A second report of the same line by the same player: the same thanks, nothing changes (not even the reason).
    expect((await report(a, { target: { kind: 'chat', messageId: lineId }, reason: 'hate' })).json()).toEqual(thanks);
    expect(await reportRows()).toEqual(before);
    expect((await report(c, { target: { kind: 'chat', messageId: lineId }, reason: 'spam' })).json()).toEqual(thanks);
    const item = (await itemOf('chat', String(lineId)))!;
    expect(item).toMatchObject({ reportedUserId: b.id, reportedUsername: b.username, count: 2 });
    expect(item.snapshot).toMatchObject({
      kind: 'chat',
      messageId: lineId,
      authorId: b.id,
      author: b.username,
      text: 'buy cheap telnet at evil.example',
    });
    expect(item.reporters.map((r) => [r.username, r.reason, r.note])).toEqual([
      [c.username, 'spam', ''],
      [a.username, 'spam', 'ad bot'],
    ]);
  });

  it('keeps the snapshot as reported when the line changes afterwards', async () => {
    fresh();
    const [a, b] = [await asPlayer(app), await asPlayer(app)];
    const lineId = await say(b, 'the original words');
    await report(a, { target: { kind: 'chat', messageId: lineId }, reason: 'harassment' });
    await app.db.database.query('UPDATE chat_messages SET message = $1 WHERE id = $2', ['edited later', lineId]);
    expect((await itemOf('chat', String(lineId)))!.snapshot).toMatchObject({ text: 'the original words' });
  });

  it('reports a private message only by its sender or receiver: anyone else gets a 404 and nothing is stored', async () => {
    fresh();
    const [a, b, stranger] = [await asPlayer(app), await asPlayer(app), await asPlayer(app)];
    const pmId = await pingTo(b, a, 'a nasty private line');
    const before = await reportRows();
    expectError(
      await report(stranger, { target: { kind: 'ping', messageId: pmId }, reason: 'harassment' }),
      404,
      s.reportTargetNotFound,
    );
    expectError(
      await report(a, { target: { kind: 'ping', messageId: 2_000_000_000 }, reason: 'harassment' }),
      404,
      s.reportTargetNotFound,
    );
    expect(await reportRows()).toEqual(before);
    expect((await report(a, { target: { kind: 'ping', messageId: pmId }, reason: 'harassment' })).json()).toEqual(
      thanks,
    );
    const item = (await itemOf('ping', String(pmId)))!;
    expect(item).toMatchObject({ reportedUserId: b.id, count: 1 });
    expect(item.snapshot).toMatchObject({
      kind: 'ping',
      sender: b.username,
      receiver: a.username,
      text: 'a nasty private line',
    });
  });

  it('a Ping withheld from its receiver (they ignore the sender) cannot be reported by them: they never got it', async () => {
    fresh();
    const [a, b] = [await asPlayer(app), await asPlayer(app)];
    expect((await a.request('POST', safetyPaths.ignores, { username: b.username })).statusCode).toBe(201);
    const pmId = await pingTo(b, a, 'withheld line');
    expectError(
      await report(a, { target: { kind: 'ping', messageId: pmId }, reason: 'spam' }),
      404,
      s.reportTargetNotFound,
    );
  });

  it('reports a username and a Kernel region with who owns what in it; oneself and empty places are refused', async () => {
    fresh();
    const [a, b] = [await asPlayer(app), await asPlayer(app)];
    expect((await report(a, { target: { kind: 'user', userId: b.id }, reason: 'offensive-name' })).json()).toEqual(
      thanks,
    );
    expect((await itemOf('user', String(b.id)))!.snapshot).toEqual({
      kind: 'user',
      userId: b.id,
      username: b.username,
    });
    expectError(await report(a, { target: { kind: 'user', userId: a.id }, reason: 'other' }), 400, s.reportSelf);
    expectError(
      await report(a, { target: { kind: 'user', userId: 2_000_000_000 }, reason: 'other' }),
      404,
      s.reportTargetNotFound,
    );
    // By name, as the Terminal's logs know players: the same target, so the same report counted once.
    const before = await reportRows();
    expect(
      (await report(a, { target: { kind: 'user', username: b.username.toUpperCase() }, reason: 'hate' })).json(),
    ).toEqual(thanks);
    expect(await reportRows()).toEqual(before);
    expectError(
      await report(a, { target: { kind: 'user', username: 'no-such-name' }, reason: 'other' }),
      404,
      s.reportTargetNotFound,
    );
    expect(
      (await report(a, { target: { kind: 'user', userId: b.id, username: b.username }, reason: 'other' })).statusCode,
    ).toBe(400);

    await grant(app, b, { telnet: 200 });
    expect((await b.request('POST', gridPaths.setColor, { colorR: 1, colorG: 2, colorB: 3 })).statusCode).toBe(200);
    for (const x of [300, 301]) expect((await act(b, gridPaths.purchase, { x, y: 300 })).statusCode).toBe(200);
    const region = { kind: 'region', x0: 299, y0: 299, x1: 310, y1: 310 };
    expect((await report(a, { target: region, reason: 'griefing' })).json()).toEqual(thanks);
    const item = (await itemOf('region', '299,299,310,310'))!;
    expect(item.reportedUserId).toBe(b.id);
    expect(item.snapshot).toMatchObject({
      kind: 'region',
      ownedBits: 2,
      owners: [{ userId: b.id, username: b.username, bits: 2 }],
    });
    expectError(await report(b, { target: region, reason: 'griefing' }), 400, s.reportSelf);
    expectError(
      await report(a, { target: { kind: 'region', x0: 0, y0: 0, x1: 5, y1: 5 }, reason: 'griefing' }),
      404,
      s.reportTargetNotFound,
    );
  });

  it('refuses bad bodies (types, extra keys, oversize or NUL/bidi notes, regions out of bounds) with a 400 and no change', async () => {
    fresh();
    const [a, b] = [await asPlayer(app), await asPlayer(app)];
    const lineId = await say(b, 'a line to aim at');
    const before = await reportRows();
    const target = { kind: 'chat', messageId: lineId };
    for (const bad of [
      {},
      { target, reason: 'nope' },
      { target, reason: 'spam', note: 'x'.repeat(balance.reportNoteMax + 1) },
      { target, reason: 'spam', note: 'bad\u0000note' },
      { target, reason: 'spam', note: 'flip\u202Eme' },
      { target, reason: 'spam', note: 5 },
      { target, reason: 'spam', extra: true },
      { target: { ...target, extra: 1 }, reason: 'spam' },
      { target: { kind: 'chat', messageId: '1' }, reason: 'spam' },
      { target: { kind: 'chat', messageId: 1.5 }, reason: 'spam' },
      { target: { kind: 'chat', messageId: 2 ** 31 }, reason: 'spam' },
      { target: { kind: 'chat' }, reason: 'spam' },
      { target: { kind: 'teapot', messageId: 1 }, reason: 'spam' },
      { target: { kind: 'region', x0: 5, y0: 5, x1: 4, y1: 5 }, reason: 'spam' },
      { target: { kind: 'region', x0: 0, y0: 0, x1: 799, y1: 799 }, reason: 'spam' },
      { target: { kind: 'region', x0: -1, y0: 0, x1: 1, y1: 1 }, reason: 'spam' },
      { target: { kind: 'region', x0: 0, y0: 0, x1: 800, y1: 1 }, reason: 'spam' },
    ]) {
      expect((await report(a, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expectError(
      await a.request('POST', safetyPaths.reports, { target, reason: 'spam' }, { 'x-csrf-token': 'nope' }),
      403,
    );
    expectError(await report(b, { target, reason: 'spam' }), 400, s.reportSelf);
    expect(await reportRows()).toEqual(before);
    expect((await report(a, { target, reason: 'spam', note: 'x'.repeat(balance.reportNoteMax) })).statusCode).toBe(200);
  });

  it('refuses the report past reportsPerWindow a minute with a 429, and takes reports again in the next window', async () => {
    fresh();
    const a = await asPlayer(app);
    const targets = await Promise.all(Array.from({ length: balance.reportsPerWindow + 1 }, () => asPlayer(app)));
    for (const t of targets.slice(0, balance.reportsPerWindow)) {
      expect((await report(a, { target: { kind: 'user', userId: t.id }, reason: 'offensive-name' })).statusCode).toBe(
        200,
      );
    }
    const last = { target: { kind: 'user', userId: targets.at(-1)!.id }, reason: 'offensive-name' };
    expectError(await report(a, last), 429, /Too many reports/);
    expect(await itemOf('user', String(targets.at(-1)!.id))).toBeUndefined();
    fresh();
    expect((await report(a, last)).statusCode).toBe(200);
  });

  it('the queue puts the most reported target first, then the newest; resolving records the action and empties it', async () => {
    fresh();
    const [mod, x, y, r1, r2, r3] = await Promise.all(Array.from({ length: 6 }, () => asPlayer(app)));
    await report(r1!, { target: { kind: 'user', userId: x!.id }, reason: 'offensive-name' });
    app.clock.advance(1000);
    await report(r2!, { target: { kind: 'user', userId: x!.id }, reason: 'hate' });
    app.clock.advance(1000);
    await report(r3!, { target: { kind: 'user', userId: y!.id }, reason: 'offensive-name' });
    const open = (await queue()).filter(
      (q) => [String(x!.id), String(y!.id)].includes(q.targetRef) && q.targetKind === 'user',
    );
    expect(open.map((q) => [q.targetRef, q.count])).toEqual([
      [String(x!.id), 2],
      [String(y!.id), 1],
    ]);
    const first = open[0] as ReportQueueItem;
    expect(new Date(first.lastReportedAt).getTime() - new Date(first.firstReportedAt).getTime()).toBe(1000);
    const resolved = await app.db.database.db.transaction((tx) =>
      app.services.reports.resolveTarget(
        tx,
        { kind: 'user', ref: String(x!.id) },
        { moderatorId: mod!.id, action: 'renamed' },
      ),
    );
    expect(resolved).toBe(2);
    expect(await itemOf('user', String(x!.id))).toBeUndefined();
    expect(await itemOf('user', String(y!.id))).toBeDefined();
    const rows = await app.db.database.query<{ status: string; resolved_by: number; action: string }>(
      `SELECT status, resolved_by, action FROM reports WHERE target_kind = 'user' AND target_ref = $1`,
      [String(x!.id)],
    );
    expect(rows).toEqual([
      { status: 'resolved', resolved_by: mod!.id, action: 'renamed' },
      { status: 'resolved', resolved_by: mod!.id, action: 'renamed' },
    ]);
    // A resolved target reported again opens anew only for a new reporter (one report per reporter and target).
    expect((await report(r1!, { target: { kind: 'user', userId: x!.id }, reason: 'offensive-name' })).json()).toEqual(
      thanks,
    );
    expect(await itemOf('user', String(x!.id))).toBeUndefined();
    const again = await asPlayer(app);
    await report(again, { target: { kind: 'user', userId: x!.id }, reason: 'offensive-name' });
    expect((await itemOf('user', String(x!.id)))!.count).toBe(1);
  });
});
