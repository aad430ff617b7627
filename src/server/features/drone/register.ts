import type { JobBatchHandlers, JobPayloads } from '../../jobs';
import { createDroneService, type DroneServiceDeps } from './service';

/** The drone's service and its job handlers, composed once so app.ts gains one line (ADR 080). */
export function createDrone(deps: DroneServiceDeps) {
  const service = createDroneService(deps);
  // Drone steps of many players run together (ADR 073).
  const batchJobs: JobBatchHandlers<JobPayloads> = { 'drone.step': service.stepMany };
  return { service, jobs: { droneStep: service.step }, batchJobs };
}
