import type { FastifyInstance } from 'fastify';
import {
  ConversationPage,
  ConversationQuery,
  Conversations,
  DirectoryUser,
  DirectoryUserParams,
  DirectoryUsers,
  PingSystemLines,
  PrivateMessage,
  PrivateMessageBody,
  ReadConversationBody,
  UnreadDirectories,
} from '../../../core/api/ping';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireAuth } from '../../http/session';
import type { PingService } from './service';

/** spec §7 /api/directories/*, plus POST /api/directories/read (reading a conversation is a separate, CSRF-checked step). */
export function pingRoutes(app: FastifyInstance, ping: PingService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/directories/unread',
    { schema: { response: { 200: UnreadDirectories, ...errorResponses } } },
    async (request) => ping.unread(requireAuth(request).user.id),
  );

  // Lines the system wrote into the player's Ping (a hack of their Token); read-only.
  api.get(
    '/api/directories/system',
    { schema: { response: { 200: PingSystemLines, ...errorResponses } } },
    async (request) => ping.systemLines(requireAuth(request).user.id),
  );

  api.get(
    '/api/directories/users',
    { schema: { response: { 200: DirectoryUsers, ...errorResponses } } },
    async (request) => {
      requireAuth(request);
      return ping.directoryUsers();
    },
  );

  api.get(
    '/api/directories/conversations',
    { schema: { response: { 200: Conversations, ...errorResponses } } },
    async (request) => ping.conversations(requireAuth(request).user.id),
  );

  api.get(
    '/api/directories/user/:username',
    { schema: { params: DirectoryUserParams, response: { 200: DirectoryUser, ...errorResponses } } },
    async (request) => {
      requireAuth(request);
      return ping.directoryUser(request.params.username);
    },
  );

  api.get(
    '/api/directories/messages',
    { schema: { querystring: ConversationQuery, response: { 200: ConversationPage, ...errorResponses } } },
    async (request) => ping.conversation(requireAuth(request).user.id, request.query),
  );

  api.post(
    '/api/directories/messages',
    { schema: { body: PrivateMessageBody, response: { 201: PrivateMessage, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      return reply.status(201).send(await ping.send(user, request.body));
    },
  );

  api.post(
    '/api/directories/read',
    { schema: { body: ReadConversationBody, response: { 200: UnreadDirectories, ...errorResponses } } },
    async (request) => ping.markRead(requireAuth(request).user.id, request.body.partnerId),
  );
}
