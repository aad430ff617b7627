import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityKind, ActivityLog } from '../../../core/api/activity';
import { balance } from '../../../core/balance';
import { infra } from '../../../core/infra';
import type { LedgerReason } from '../../../core/ledger-reasons';
import { credit, debit } from '../../wallet';
import { asPlayer, buildTestApp, expectError, type Player, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { act, gearOf, grant } from '../../../../tests/support/items';
import { marketPaths } from '../../../core/api/market';
import { missionTexts } from '../../../core/rules/missions';

// ADR 064: while you were away — what happened to the player, from their own ledger rows, read once.
describe.each(drivers)('activity log [%s]', (driver) => {
  let app: TestApp;
  let a: Player;
  let b: Player;
  beforeAll(async () => {
    app = await buildTestApp(driver);
    [a, b] = [await asPlayer(app), await asPlayer(app)];
  });
  afterAll(() => app.close());

  const happen = (p: Player, reason: LedgerReason, amount: number, reference: string) =>
    app.db.database.db.transaction(async (tx) => {
      if (amount < 0) await debit(tx, { userId: p.id, amount: -amount, reason, reference });
      else await credit(tx, { userId: p.id, amount, reason, reference });
    });
  const log = async (p: Player, query = ''): Promise<ActivityLog> => {
    const res = await p.request('GET', `/api/activity${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const kinds = (l: ActivityLog): ActivityKind[] => l.entries.map((e) => e.kind);

  it('starts empty for a new player', async () => {
    expect(await log(a)).toEqual({ entries: [], unseen: 0 });
    expect((await a.request('GET', '/api/activity/unseen')).json()).toEqual({ unseen: 0 });
  });

  it("lists sales, break-ins, drone harvests (one per run), boss rewards and mission rewards, newest first; never the player's own decodes", async () => {
    await happen(a, 'decode', 5, 'tap-batch:1');
    await happen(a, 'market-sale', 40, 'listing:1');
    await happen(a, 'boss-reward', 100, 'boss:1:last-hit');
    await happen(a, 'decode', 2, 'drone:7:1');
    await happen(a, 'decode', 3, 'drone:7:2');
    await happen(a, 'mission', balance.missionRewardTelnet, 'mission:send_global_chat');
    const l = await log(a);
    expect(kinds(l)).toEqual(['mission-reward', 'drone-harvest', 'boss-defeated', 'item-sold']);
    expect(l.entries.find((e) => e.kind === 'drone-harvest')?.telnet).toBe(5);
    expect(l.unseen).toBe(4);
    expect((await a.request('GET', '/api/activity/unseen')).json()).toEqual({ unseen: 4 });
    expect(kinds(await log(a, '?limit=2'))).toEqual(['mission-reward', 'drone-harvest']);
  });

  it('names what each entry was about: the mission, the item sold and who broke in', async () => {
    const [seller, buyer] = [await asPlayer(app), await asPlayer(app)];
    const gearId = await gearOf(app, seller, 'gpu', 'epic', 3);
    const listed = await act(seller, marketPaths.create, { itemType: 'gear', itemId: gearId, price: 50 });
    expect(listed.statusCode, listed.body).toBe(200);
    const { listing } = listed.json();
    await grant(app, buyer, { telnet: 500 });
    const bought = await act(buyer, marketPaths.buy, { listingId: listing.id });
    expect(bought.statusCode, bought.body).toBe(200);
    // A break-in as the Terminal records it: the intrusion, then the victim's loss referencing it.
    const [intrusion] = await app.db.database.query<{ id: number }>(
      'INSERT INTO intrusions (attacker_id, victim_id, started_at, expires_at, ' +
        "victim_alerted) VALUES ($1, $2, now(), now() + interval '1 minute', true) RETURNING id",
      [buyer.id, seller.id],
    );
    await happen(seller, 'hack-lost', -7, `intrusion:${intrusion!.id}`);
    await happen(seller, 'mission', balance.missionRewardTelnet, 'mission:move_token');
    const [{ item_name: itemName }] = (await app.db.database.query<{ item_name: string }>(
      'SELECT item_name FROM market_listings WHERE id = $1',
      [listing.id],
    )) as [{ item_name: string }];
    const details = Object.fromEntries((await log(seller)).entries.map((e) => [e.kind, e.detail]));
    expect(details).toEqual({
      'mission-reward': missionTexts.move_token.title,
      'broken-into': buyer.username,
      'item-sold': `EPIC ${itemName}`,
    });
  });

  it("never shows another player's activity, whatever the query says", async () => {
    expect(await log(b)).toEqual({ entries: [], unseen: 0 });
    expectError(await b.request('GET', `/api/activity?userId=${a.id}`), 400);
    // Marking "seen" up to a's newest row moves nothing of a's.
    const newest = (await log(a)).entries[0]!.id;
    expect((await b.request('POST', '/api/activity/seen', { upToId: newest })).statusCode).toBe(204);
    expect((await log(a)).unseen).toBe(4);
  });

  it('marks the log seen up to what was shown: later activity is unseen again', async () => {
    const shown = await log(a);
    expect((await a.request('POST', '/api/activity/seen', { upToId: shown.entries[0]!.id })).statusCode).toBe(204);
    expect(await log(a)).toEqual({ entries: [], unseen: 0 });
    await happen(a, 'hack-lost', -12, 'intrusion:3');
    const after = await log(a);
    expect(after.entries.map((e) => [e.kind, e.telnet])).toEqual([['broken-into', -12]]);
    // The marker never goes back.
    expect((await a.request('POST', '/api/activity/seen', { upToId: 1 })).statusCode).toBe(204);
    expect((await log(a)).unseen).toBe(1);
  });

  it('refuses bad query strings and bodies with 400, changing nothing', async () => {
    for (const q of [
      '?limit=0',
      '?limit=-1',
      '?limit=1.5',
      '?limit=abc',
      `?limit=${infra.activityPageMax + 1}`,
      '?limit=1e3',
      '?extra=1',
      '?__proto__=1',
    ]) {
      expectError(await a.request('GET', `/api/activity${q}`), 400);
    }
    for (const body of [
      {},
      { upToId: 0 },
      { upToId: -1 },
      { upToId: 1.5 },
      { upToId: '9' },
      { upToId: 2 ** 53 },
      { upToId: 1, extra: 1 },
    ]) {
      expectError(await a.request('POST', '/api/activity/seen', body), 400);
    }
    expect((await log(a)).unseen).toBe(1);
  });
});
