import { describe, expect, it } from 'vitest';
import { createCounterTable } from './ipc-counters';
import { planWorkers } from './plan';

describe('WORKERS', () => {
  it('defaults to one process per core on PostgreSQL and honours a given number', () => {
    expect(planWorkers(undefined, 'postgres', 2)).toEqual({ count: 2, notice: null });
    expect(planWorkers('', 'postgres', 8)).toEqual({ count: 8, notice: null });
    expect(planWorkers('3', 'postgres', 2)).toEqual({ count: 3, notice: null });
    expect(planWorkers('1', 'postgres', 2)).toEqual({ count: 1, notice: null });
  });

  it('keeps PGlite in one process, and says so only when more were asked', () => {
    expect(planWorkers(undefined, 'pglite', 4)).toEqual({ count: 1, notice: null });
    expect(planWorkers('1', 'pglite', 4)).toEqual({ count: 1, notice: null });
    const asked = planWorkers('4', 'pglite', 4);
    expect(asked.count).toBe(1);
    expect(asked.notice).toMatch(/^WORKERS=4 ignored: .*PGlite.*Set DATABASE_URL/);
  });

  it('refuses a value that is not a whole number of at least 1', () => {
    expect(() => planWorkers('0', 'postgres', 2)).toThrow('WORKERS must be 1 or more');
    expect(() => planWorkers('two', 'postgres', 2)).toThrow(/whole number/);
    expect(() => planWorkers('1.5', 'postgres', 2)).toThrow(/whole number/);
  });
});

describe("the cluster primary's login counters", () => {
  it('counts per limiter and key in a window that starts at the first attempt, and forgets on clear', () => {
    let now = 1_000;
    const table = createCounterTable(() => now);
    const hit = (key: string) =>
      table.answer({ bb: 'count', id: 0, op: 'increment', name: 'login-ip', key, windowMs: 600 });
    expect([hit('a'), hit('a'), hit('b')]).toEqual([1, 2, 1]);
    expect(table.answer({ bb: 'count', id: 0, op: 'read', name: 'login-failures', key: 'a', windowMs: 0 })).toBe(0);
    expect(table.answer({ bb: 'count', id: 0, op: 'read', name: 'login-ip', key: 'a', windowMs: 0 })).toBe(2);
    now += 600;
    expect(hit('a')).toBe(1);
    table.answer({ bb: 'count', id: 0, op: 'clear', name: 'login-ip', key: 'a', windowMs: 0 });
    expect(table.answer({ bb: 'count', id: 0, op: 'read', name: 'login-ip', key: 'a', windowMs: 0 })).toBe(0);
    table.stop();
  });

  it('stays bounded: past its size the oldest window goes first', () => {
    const table = createCounterTable(() => 0, 2);
    for (const key of ['a', 'b', 'c'])
      table.answer({ bb: 'count', id: 0, op: 'increment', name: 'n', key, windowMs: 1000 });
    expect(table.answer({ bb: 'count', id: 0, op: 'read', name: 'n', key: 'a', windowMs: 0 })).toBe(0);
    expect(table.answer({ bb: 'count', id: 0, op: 'read', name: 'n', key: 'c', windowMs: 0 })).toBe(1);
    table.stop();
  });
});
