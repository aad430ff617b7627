import type { FastifyInstance } from 'fastify';
import type { JobBatchHandlers, JobPayloads } from '../../jobs';
import { createDroneService, type DroneServiceDeps } from '../drone/service';
import { droneRoutes } from '../drone/routes';
import { optimizerRoutes } from './routes';
import { createOptimizerService } from './service';

/** The optimizer and drone services, their job handlers and routes, composed once so app.ts gains one line each. */
export function createOptimizerDrone(deps: DroneServiceDeps) {
  const optimizer = createOptimizerService(deps);
  const drone = createDroneService(deps);
  // Drone steps of many players run together (ADR 073).
  const batchJobs: JobBatchHandlers<JobPayloads> = { 'drone.step': drone.stepMany };
  return { optimizer, drone, jobs: { completeOptimizer: optimizer.complete, droneStep: drone.step }, batchJobs };
}

export type OptimizerDrone = ReturnType<typeof createOptimizerDrone>;

export function optimizerDroneRoutes(app: FastifyInstance, services: OptimizerDrone): void {
  optimizerRoutes(app, services.optimizer);
  droneRoutes(app, services.drone);
}
