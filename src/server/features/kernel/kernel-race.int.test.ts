import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPaths } from '../../../core/api/kernel';
import { balance } from '../../../core/balance';
import { bitPrice } from '../../../core/rules/kernel';
import { fillText, texts } from '../../../core/texts';
import type { Database } from '../../db/connect';
import { asPlayer, buildTestApp, type Player, type TestApp } from '../../../../tests/support/app';
import { act, grant } from '../../../../tests/support/items';
import { barrier } from '../../../../tests/support/race';

const racers = 20;

/**
 * The deliberately naive purchase: read whether the bit is free, then charge and write the owner,
 * no key and no condition between. Used only to show the one-winner check below catches it.
 */
async function naivePurchase(
  database: Database,
  buyerId: number,
  x: number,
  y: number,
  allRead: () => Promise<void>,
): Promise<number> {
  const rows = await database.query<{ owner_id: number }>('SELECT owner_id FROM naive_bits WHERE x = $1 AND y = $2', [
    x,
    y,
  ]);
  await allRead();
  if (rows.length > 0) return 409;
  await database.query(
    "INSERT INTO telnet_ledger (user_id, delta, reason, reference) VALUES ($1, $2, 'kernel-bit', 'naive')",
    [buyerId, -bitPrice(x, y)],
  );
  await database.query(
    'INSERT INTO naive_bits (x, y, owner_id) VALUES ($1, $2, $3) ON CONFLICT (x, y) DO UPDATE SET owner_id = EXCLUDED.owner_id',
    [x, y, buyerId],
  );
  return 200;
}

// Races need real concurrency: PGlite runs one transaction at a time, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('Kernel races [postgres]', () => {
  let app: TestApp;
  let buyers: Player[];
  beforeAll(async () => {
    app = await buildTestApp('postgres');
    buyers = [];
    for (let i = 0; i < racers; i++) {
      const b = await asPlayer(app);
      await grant(app, b, { telnet: 100 });
      await b.request('POST', gridPaths.setColor, { colorR: i, colorG: 255 - i, colorB: 7 });
      buyers.push(b);
    }
    await app.db.database.query('CREATE TABLE naive_bits (x int, y int, owner_id int, PRIMARY KEY (x, y))');
  }, 120_000);
  afterAll(() => app.close());

  const charges = async (reference: string) =>
    Number(
      (
        await app.db.database.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM telnet_ledger WHERE reason = 'kernel-bit' AND reference = $1",
          [reference],
        )
      )[0]!.n,
    );

  it('20 players buy the same free bit at once: one owns it, 19 are told who and charged nothing', async () => {
    const answers = await Promise.all(buyers.map((b) => act(b, gridPaths.purchase, { x: 401, y: 399 })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(racers - 1);
    const winner = buyers[statuses.indexOf(200)]!;
    for (const a of answers)
      if (a.statusCode === 409)
        expect(a.json()).toMatchObject({
          title: texts.kernel.bitOwnedTitle,
          message: fillText(texts.kernel.bitOwnedBody, { name: winner.username }),
        });
    expect(await charges('bit:401,399')).toBe(1);
    const telnets = await app.db.database.query<{ id: number; telnet: number }>(
      'SELECT id, telnet FROM users WHERE id = ANY($1::int[])',
      [buyers.map((b) => b.id)],
    );
    // The winner's first bit also paid the purchase_kernel_bit reward, before the answer came back.
    for (const row of telnets)
      expect(Number(row.telnet)).toBe(
        row.id === winner.id ? 100 - bitPrice(401, 399) + balance.missionRewardTelnet : 100,
      );
    const [owner] = await app.db.database.query<{ owner_id: number }>(
      'SELECT owner_id FROM kernel_bits WHERE x = 401 AND y = 399',
    );
    expect(owner!.owner_id).toBe(winner.id);
  });

  it('the one-winner check catches a naive read-then-write purchase', async () => {
    const allRead = barrier(racers);
    const statuses = await Promise.all(buyers.map((b) => naivePurchase(app.db.database, b.id, 5, 5, allRead)));
    // Every buyer read the bit free before any wrote it: all 20 are charged for one bit.
    expect(statuses.filter((s) => s === 200)).toHaveLength(racers);
    expect(await charges('naive')).toBe(racers);
  });

  it('20 players buy 20 different bits at once: versions run on with no gap and catch-up returns all 20', async () => {
    const before = (await buyers[0]!.request('GET', `${gridPaths.changes}?since=0`)).json().version as number;
    const answers = await Promise.all(buyers.map((b, i) => act(b, gridPaths.purchase, { x: 100 + i, y: 700 })));
    expect(answers.map((a) => a.statusCode)).toEqual(buyers.map(() => 200));
    const versions = answers.map((a) => a.json().version as number).sort((a, b) => a - b);
    expect(versions).toEqual(buyers.map((_, i) => before + 1 + i));
    const caught = (await buyers[0]!.request('GET', `${gridPaths.changes}?since=${before}`)).json();
    expect(caught.changes.map((c: { version: number }) => c.version)).toEqual(versions);
  });

  it('one player firing 20 purchases with Telnet for 5: exactly 5 bits, balance never below 0', async () => {
    const p = await asPlayer(app);
    await p.request('POST', gridPaths.setColor, { colorR: 1, colorG: 1, colorB: 1 });
    await grant(app, p, { telnet: 5 });
    // Mission already done: its reward landing mid-race would fund a sixth bit and blur what this counts.
    await app.db.database.query(
      "INSERT INTO mission_completions (user_id, mission_id) VALUES ($1, 'purchase_kernel_bit')",
      [p.id],
    );
    const answers = await Promise.all(
      Array.from({ length: racers }, (_, i) => act(p, gridPaths.purchase, { x: i, y: 0 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    for (const a of answers) if (a.statusCode !== 200) expect(a.json().title).toBe(texts.kernel.insufficientTitle);
    const [row] = await app.db.database.query<{ telnet: number }>('SELECT telnet FROM users WHERE id = $1', [p.id]);
    expect(Number(row!.telnet)).toBe(0);
  });
});
