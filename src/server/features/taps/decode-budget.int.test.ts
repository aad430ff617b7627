import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanDecodeTimes, recordedTypists } from '../../../../tests/support/human-keystrokes';
import { balance } from '../../../core/balance';
import { decodeDayOf } from '../../../core/rules/decode-budget';
import { convertDecodesToTelnet } from '../../../core/rules/telnet';
import { asPlayer, buildTestApp, type TestApp } from '../../../../tests/support/app';
import { drivers } from '../../../../tests/support/db';
import { machineLikeFlagReference } from './service';

let stamp = 1_000;
const batch = (tapCount: number) => ({ tapCount, batchTimestamp: stamp++ });

describe.each(drivers)('daily decode budget and machine-like flag [%s]', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(driver);
  });
  afterAll(() => app.close());

  const query = <T>(text: string, params: unknown[]) => app.db.database.query<T>(text, params);
  const budgetOf = async (userId: number) => {
    const [row] = await query<{ decode_day: number; decodes_today: number; telnet: string | number }>(
      'SELECT decode_day, decodes_today, telnet FROM users WHERE id = $1',
      [userId],
    );
    return { day: row!.decode_day, decodes: row!.decodes_today, telnet: Number(row!.telnet) };
  };
  const ledgerSum = async (userId: number) => {
    const [row] = await query<{ s: string | number }>(
      'SELECT coalesce(sum(delta),0) AS s FROM telnet_ledger WHERE user_id = $1',
      [userId],
    );
    return Number(row!.s);
  };
  const flagsOf = (userId: number) =>
    query<{ reason: string; reference: string; detail: string }>(
      'SELECT reason, reference, detail FROM moderation_flags WHERE user_id = $1',
      [userId],
    );
  /** Posts 20 decodes once the tap bucket has refilled for them; returns the Telnet they paid. */
  const decode20 = async (p: Awaited<ReturnType<typeof asPlayer>>) => {
    app.clock.advance(Math.ceil((20 / balance.tapRefillPerSecond) * 1000));
    const res = await p.request('POST', '/api/game/tap-batch', batch(20));
    expect(res.statusCode, res.body).toBe(200);
    return res.data.telnetGained as number;
  };

  it("pays a day's decodes in full, pays less past the budget, and pays in full again the next UTC day", async () => {
    const p = await asPlayer(app);
    const today = decodeDayOf(app.clock.now);
    // 1 Telnet per decode at 100 %, and most of a human day already decoded.
    await query('UPDATE users SET connection_rate = 100, decode_day = $2, decodes_today = $3 WHERE id = $1', [
      p.id,
      today,
      balance.fullYieldDecodesPerDay - 20,
    ]);
    expect(await decode20(p)).toBe(20);
    expect(await budgetOf(p.id)).toMatchObject({ day: today, decodes: balance.fullYieldDecodesPerDay });

    // A half-life further into the day, a decode pays about half.
    const further = balance.fullYieldDecodesPerDay + balance.decodeYieldHalfLifeDecodes;
    await query('UPDATE users SET decodes_today = $2, telnet_cents = 0 WHERE id = $1', [p.id, further]);
    const late = await decode20(p);
    expect(late).toBe(convertDecodesToTelnet(20, 100, 0, further).telnet);
    expect(late).toBeLessThanOrEqual(10);

    app.clock.advance((today + 1) * 86_400_000 - app.clock.now);
    await query('UPDATE users SET telnet_cents = 0 WHERE id = $1', [p.id]);
    expect(await decode20(p)).toBe(20);
    expect(await budgetOf(p.id)).toMatchObject({ day: today + 1, decodes: 20 });
    expect(await ledgerSum(p.id)).toBe((await budgetOf(p.id)).telnet);
  });

  it('flags a player posting on a timer once, however long the script runs, and takes nothing from them', async () => {
    const p = await asPlayer(app);
    for (let i = 0; i < 3 * balance.decodeTimingWindowBatches; i++) {
      app.clock.advance(2_000);
      expect((await p.request('POST', '/api/game/tap-batch', batch(3))).statusCode).toBe(200);
    }
    const flags = await flagsOf(p.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ reason: 'machine-like-decoding', reference: machineLikeFlagReference });
    expect(flags[0]!.detail).toContain('steady intervals');
    const me = await p.request('GET', '/api/auth/user');
    // Every decode counted and paid as anyone's (1 Telnet per 10 at the base rate): the flag is only a flag.
    expect(me.json()).toMatchObject({
      totalTaps: 9 * balance.decodeTimingWindowBatches,
      telnet: (9 * balance.decodeTimingWindowBatches) / 10,
    });
  });

  it.each(recordedTypists.map((t) => [t.participant, t] as const))(
    'never flags recorded human typing replayed through tap-batch (participant %s)',
    async (_id, typist) => {
      const p = await asPlayer(app);
      for (const atMs of humanDecodeTimes(typist, balance.rowLength, 2, app.clock.now)) {
        app.clock.advance(atMs - app.clock.now);
        expect((await p.request('POST', '/api/game/tap-batch', batch(1))).statusCode).toBe(200);
      }
      expect(await flagsOf(p.id)).toEqual([]);
    },
  );
});
