import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { droneStepsPerRun } from '../../../core/rules/drone';
import { freshDatabase, drivers, type TestDatabase } from '../../../../tests/support/db';
import { insertPlayers } from '../../../../tests/support/players';
import { createJobRunner, type JobLog, type RanJob } from '../../jobs';
import type { User } from '../../../core/api/common';
import type { Bus, BusMessage } from '../../realtime/bus';
import { balanceOf, sumLedger } from '../../wallet';
import { createDroneService, type DroneServiceDeps } from './service';

const stepMs = 30_000;
const players = 30;
const runTelnet = 100;

/** Records what the steps tell players; nothing else of the bus is used by the drone. */
function recordingBus(sent: BusMessage[]): Bus {
  return {
    kind: 'memory',
    publish: (m) => void sent.push(m),
    publishAll: (ms) => void sent.push(...ms),
    subscribe: () => () => undefined,
    ready: async () => undefined,
    isConnected: () => true,
    close: async () => undefined,
  };
}

// ADR 073: many players' due steps run as one batch; each step must still happen exactly once, with its ledger rows.
describe.each(drivers)('Drone steps in batches [%s]', (kind) => {
  let db: TestDatabase;
  let clock = Date.UTC(2026, 10, 22, 12, 0, 0);
  const sent: BusMessage[] = [];
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  beforeAll(async () => {
    db = await freshDatabase(kind);
  });
  afterAll(() => db.dispose());

  /** The drone on this database, and a runner whose claims are big enough that each pass is one batch of every due step (PGlite too). */
  function droneWithRunner(bus: Bus, options: { userViews?: DroneServiceDeps['userViews']; log?: JobLog } = {}) {
    const drone = createDroneService({
      database: db.database,
      bus,
      now: () => clock,
      random,
      userView: async () => {
        throw new Error('no view of one player in these tests');
      },
      ...(options.userViews ? { userViews: options.userViews } : {}),
    });
    const runner = createJobRunner({
      database: db.database,
      now: () => clock,
      handlers: { 'drone.step': drone.step },
      batchHandlers: { 'drone.step': drone.stepMany },
      claimSize: 50,
      concurrency: 1,
      ...(options.log ? { log: options.log } : {}),
    });
    return { drone, runner };
  }

  it('thirty players with due drones are each stepped exactly once per step, in batches, with ledger = balance', async () => {
    const warnings: object[] = [];
    const { drone, runner } = droneWithRunner(recordingBus(sent), {
      log: { info() {}, warn: (d) => warnings.push(d), error: (d) => warnings.push(d) },
    });
    const ids = await insertPlayers(db.database, players, { telnet: runTelnet });
    for (const userId of ids)
      expect((await drone.buy(userId, `k${userId}`, { telnet: runTelnet })).statusCode).toBe(200);
    const ran: RanJob[] = [];
    for (let s = 0; s < droneStepsPerRun; s++) {
      clock += stepMs;
      ran.push(...(await runner.runDue()));
      // A second pass at the same time finds nothing left to do.
      expect(await runner.runDue()).toEqual([]);
    }
    expect(ran).toHaveLength(players * droneStepsPerRun);
    expect(ran.every((r) => r.outcome === 'done')).toBe(true);
    expect(warnings).toEqual([]); // no batch fell back to one by one

    const runs = await db.database.query<{ user_id: number; status: string; steps_done: number; clicks_done: number }>(
      'SELECT user_id, status, steps_done, clicks_done FROM drone_runs ORDER BY user_id',
    );
    expect(runs).toHaveLength(players);
    for (const run of runs)
      expect(run).toMatchObject({ status: 'finished', steps_done: droneStepsPerRun, clicks_done: runTelnet });
    const decodeRows = await db.database.query<{ user_id: number; n: number }>(
      "SELECT user_id, count(*)::int AS n, count(DISTINCT reference)::int AS refs FROM telnet_ledger WHERE reason = 'decode' GROUP BY user_id",
    );
    for (const row of decodeRows) expect(row).toMatchObject({ n: expect.any(Number), refs: row.n }); // one ledger row per step, never two
    const totals = await db.database.query<{ total_taps: string | number; id: number }>(
      'SELECT id, total_taps FROM users WHERE id = any($1::int[]) ORDER BY id',
      [ids],
    );
    expect(totals).toHaveLength(players);
    for (const u of totals) expect(Number(u.total_taps)).toBe(runTelnet);
    for (const userId of ids) {
      const tx = db.database.db;
      expect(await sumLedger(tx, userId)).toBe(await balanceOf(tx, userId));
    }
    // Every player heard of every step once, and of the end once.
    const stepped = sent.filter((m) => m.event.t === 'drone.stepped');
    expect(stepped).toHaveLength(players * droneStepsPerRun);
    expect(sent.filter((m) => m.event.t === 'drone.finished')).toHaveLength(players);
  });

  it("a batch's players see their new totals on their other tabs, read together once the batch has committed", async () => {
    const heard: BusMessage[] = [];
    const reads: number[][] = [];
    // The views as the auth service gives them, cut to what this test checks: the total read after the commit.
    const userViews = async (userIds: number[]) => {
      reads.push(userIds);
      const rows = await db.database.query<{ id: number; total_taps: string | number }>(
        'SELECT id, total_taps FROM users WHERE id = any($1::int[])',
        [userIds],
      );
      return new Map(rows.map((r) => [r.id, { id: r.id, totalTaps: Number(r.total_taps) } as unknown as User]));
    };
    const { drone, runner } = droneWithRunner(recordingBus(heard), { userViews });
    const ids = await insertPlayers(db.database, 12, { telnet: runTelnet });
    for (const userId of ids)
      expect((await drone.buy(userId, `v${userId}`, { telnet: runTelnet })).statusCode).toBe(200);
    clock += stepMs;
    expect(await runner.runDue()).toHaveLength(ids.length);
    expect(reads).toEqual([[...ids].sort((a, b) => a - b)]); // one read for the whole batch
    const updated = heard.filter((m) => m.event.t === 'user.updated');
    const told = updated.map((m) => (m.audience as { userIds: number[] }).userIds[0]!);
    expect(told.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const m of updated) expect((m.event.d as User).totalTaps).toBe(runTelnet / droneStepsPerRun);
  });
});
