import type { FastifyInstance } from 'fastify';
import {
  ActivityLog,
  ActivityQuery,
  ActivitySeenBody,
  ActivityUnseen,
  activityPaths,
} from '../../../core/api/activity';
import { errorResponses, NoContent, type ZodTypeProvider } from '../../http/contracts';
import { requireAuth } from '../../http/session';
import type { ActivityService } from './service';

/** The activity log (ADR 064): read it, count it for the header's badge, mark it seen. */
export function activityRoutes(app: FastifyInstance, activity: ActivityService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    activityPaths.log,
    { schema: { querystring: ActivityQuery, response: { 200: ActivityLog, ...errorResponses } } },
    async (request) => activity.log(requireAuth(request).user.id, request.query.limit),
  );

  api.get(
    activityPaths.unseen,
    { schema: { response: { 200: ActivityUnseen, ...errorResponses } } },
    async (request) => ({
      unseen: await activity.unseen(requireAuth(request).user.id),
    }),
  );

  api.post(
    activityPaths.seen,
    { schema: { body: ActivitySeenBody, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      await activity.markSeen(requireAuth(request).user.id, request.body.upToId);
      return reply.status(204).send();
    },
  );
}
