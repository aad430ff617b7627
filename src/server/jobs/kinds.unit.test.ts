import { describe, expectTypeOf, it } from 'vitest';
import type { TestJobs } from '../../../tests/support/jobs';
import type { Job, JobHandlers, NewJob } from './kinds';

// These hold at compile time (`npm test` runs tsc first): a kind without a handler, or a payload
// of another kind, is refused before anything runs.
describe('job kinds are typed end to end', () => {
  it('refuses a handler table that misses a kind', () => {
    const handlers = {
      'test.count': async () => {},
      'test.flaky': async () => {},
    };
    // @ts-expect-error 'test.slow' has no handler
    void (handlers satisfies JobHandlers<TestJobs>);
  });

  it("gives each handler its own kind's payload and refuses a mismatched schedule", () => {
    type CountHandler = JobHandlers<TestJobs>['test.count'];
    expectTypeOf<Parameters<CountHandler>[1]>().toEqualTypeOf<Job<'test.count', { amount: number }>>();
    const ok: NewJob<TestJobs> = { kind: 'test.count', runAt: 0, payload: { amount: 1 } };
    // @ts-expect-error a 'test.count' job cannot carry a 'test.flaky' payload
    const wrong: NewJob<TestJobs> = { kind: 'test.count', runAt: 0, payload: { failTimes: 1 } };
    void [ok, wrong];
  });
});
