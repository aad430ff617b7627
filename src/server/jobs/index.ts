// The jobs runner's public API: features schedule and cancel inside their own transactions; the app runs the runner.
export { scheduleJob, scheduleJobs, cancelJob } from './schedule';
export { createJobRunner, type JobRunner, type JobRunnerOptions, type RanJob, type JobLog } from './runner';
export type { HousekeepingTask } from './housekeeping';
export { createJobHandlers } from './handlers';
export type {
  Job,
  JobBatchHandler,
  JobBatchHandlers,
  JobHandler,
  JobHandlers,
  JobKind,
  JobPayloads,
  NewJob,
} from './kinds';
export type { JobMetrics } from './lag-metrics';
export type { ForegroundPressure } from './pace';
export { readJobStats, type JobStats } from './store';
