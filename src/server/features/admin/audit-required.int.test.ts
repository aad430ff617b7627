import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePaths } from '../../../core/api/admin';
import { consoleActionPaths } from '../../../core/api/admin-actions';
import { gridPaths } from '../../../core/api/kernel';
import { marketPaths } from '../../../core/api/market';
import { reportQueuePaths } from '../../../core/api/report-queue';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { asOperator } from '../../../../tests/support/console';
import { drivers } from '../../../../tests/support/db';
import { act, gearOf, grant } from '../../../../tests/support/items';

const forPlayer = (path: string, id: number) => path.replace(':userId', String(id));

/**
 * ADR 058: an operator action and its audit row commit together or not at all. With the audit log made to
 * refuse every insert, each action of the console fails and leaves the game exactly as it was.
 */
describe.each(drivers)('no operator action without its audit row [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());
  const q = <T>(sql: string, params: unknown[] = []) => app.db.database.query<T>(sql, params);

  /** Everything the actions below could change, read straight from the tables. */
  async function world(target: Player) {
    const [user] = await q(
      'SELECT role, banned, muted_until, rename_required, username, telnet::int AS telnet FROM users WHERE id = $1',
      [target.id],
    );
    const chat = await q('SELECT id FROM chat_messages WHERE user_id = $1 ORDER BY id', [target.id]);
    const bits = await q('SELECT x, y FROM kernel_bits WHERE owner_id = $1 ORDER BY x, y', [target.id]);
    const ledger = await q('SELECT count(*)::int AS n FROM telnet_ledger');
    const reports = await q("SELECT count(*)::int AS n FROM reports WHERE status = 'open'");
    const sessions = await q('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [target.id]);
    return { user, chat, bits, ledger, reports, sessions };
  }

  it('fails every console action, changing nothing, while the audit log cannot be written', async () => {
    const admin = await asOperator(app, 'admin');
    const target = await asPlayer(app);
    const reporter = await asPlayer(app);
    const buyer = await asPlayer(app);
    // Something for every action to act on: a chat line (reported), a Kernel bit, a market sale.
    const line = (await target.request('POST', '/api/chat/messages', { message: 'a line to act on' })).json()
      .id as number;
    expect(
      (await reporter.request('POST', '/api/reports', { target: { kind: 'chat', messageId: line }, reason: 'spam' }))
        .statusCode,
    ).toBe(200);
    await grant(app, target, { telnet: 200 });
    expect((await target.request('POST', gridPaths.setColor, { colorR: 1, colorG: 2, colorB: 3 })).statusCode).toBe(
      200,
    );
    expect((await act(target, gridPaths.purchase, { x: 5, y: 5 })).statusCode).toBe(200);
    await grant(app, buyer, { telnet: 300 });
    const listed = await act(target, marketPaths.create, {
      itemType: 'gear',
      itemId: await gearOf(app, target),
      price: 100,
    });
    const listingId = listed.json().listing.id as number;
    expect((await act(buyer, marketPaths.buy, { listingId })).statusCode).toBe(200);

    await q(
      `CREATE FUNCTION audit_log_down() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'audit log unavailable'; END; $$ LANGUAGE plpgsql`,
    );
    await q('CREATE TRIGGER audit_log_down BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_down()');
    const before = await world(target);
    const reason = { reason: 'testing the audit' };
    const actions: [string, unknown][] = [
      [forPlayer(consolePaths.role, target.id), { role: 'moderator', ...reason }],
      [forPlayer(consoleActionPaths.mute, target.id), { minutes: 60, ...reason }],
      [forPlayer(consoleActionPaths.ban, target.id), reason],
      [forPlayer(consoleActionPaths.rename, target.id), reason],
      [consoleActionPaths.removeChat.replace(':messageId', String(line)), reason],
      [consoleActionPaths.clearKernel, { x0: 0, y0: 0, x1: 9, y1: 9, ...reason }],
      [consoleActionPaths.reverse, { reference: `listing:${listingId}`, ...reason }],
      [reportQueuePaths.resolve, { targetKind: 'chat', targetRef: String(line), action: 'dismissed', ...reason }],
    ];
    for (const [url, body] of actions) {
      const res = await admin.request('POST', url, body);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 500 });
    }
    expect(await world(target)).toEqual(before);
    expect(await q('SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1', [admin.id])).toEqual([{ n: 0 }]);
    expect((await target.request('GET', '/api/auth/user')).statusCode).toBe(200);
  });
});
