import type { FastifyInstance } from 'fastify';
import {
  ChatHistoryQuery,
  ChatMessage,
  ChatPage,
  ChatPostBody,
  ChatReadBody,
  ChatUnread,
} from '../../../core/api/chat';
import { errorResponses, type ZodTypeProvider } from '../../http/contracts';
import { requireAuth } from '../../http/session';
import type { ChatService } from './service';

/** spec §7 chat endpoints. */
export function chatRoutes(app: FastifyInstance, chat: ChatService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/chat/messages',
    { schema: { querystring: ChatHistoryQuery, response: { 200: ChatPage, ...errorResponses } } },
    async (request) => chat.history(requireAuth(request).user.id, request.query),
  );

  api.post(
    '/api/chat/messages',
    { schema: { body: ChatPostBody, response: { 201: ChatMessage, ...errorResponses } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      return reply.status(201).send(await chat.post(user, request.body.message));
    },
  );

  api.get('/api/chat/unread', { schema: { response: { 200: ChatUnread, ...errorResponses } } }, async (request) =>
    chat.unread(requireAuth(request).user.id),
  );

  api.post(
    '/api/chat/read',
    { schema: { body: ChatReadBody, response: { 200: ChatUnread, ...errorResponses } } },
    async (request) => chat.markRead(requireAuth(request).user.id),
  );
}
