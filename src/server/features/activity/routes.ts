import type { FastifyInstance } from 'fastify';
import {
  ActivityQuery,
  ActivitySeenBody,
  activityPaths,
  type ActivityLog,
  type ActivityUnseen,
} from '../../../core/api/activity';
import { parseInput } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { ActivityService } from './service';

/** The activity log (ADR 064): read it, count it for the header's badge, mark it seen. */
export function activityRoutes(app: FastifyInstance, activity: ActivityService): void {
  app.get(activityPaths.log, async (request): Promise<ActivityLog> => {
    const { user } = requireAuth(request);
    return activity.log(user.id, parseInput(ActivityQuery, request.query).limit);
  });

  app.get(activityPaths.unseen, async (request): Promise<ActivityUnseen> => ({
    unseen: await activity.unseen(requireAuth(request).user.id),
  }));

  app.post(activityPaths.seen, async (request, reply) => {
    const { user } = requireAuth(request);
    await activity.markSeen(user.id, parseInput(ActivitySeenBody, request.body).upToId);
    return reply.status(204).send();
  });
}
