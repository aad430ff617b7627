import type { FastifyInstance } from 'fastify';
import { ChatHistoryQuery, ChatPostBody, ChatReadBody, type ChatPage, type ChatUnread } from '../../../core/api/chat';
import { parseInput } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { ChatService } from './service';

/** spec §7 chat endpoints. */
export function chatRoutes(app: FastifyInstance, chat: ChatService): void {
  app.get('/api/chat/messages', async (request): Promise<ChatPage> => {
    const { user } = requireAuth(request);
    return chat.history(user.id, parseInput(ChatHistoryQuery, request.query));
  });

  app.post('/api/chat/messages', async (request, reply) => {
    const { user } = requireAuth(request);
    const body = parseInput(ChatPostBody, request.body);
    return reply.status(201).send(await chat.post(user, body.message));
  });

  app.get('/api/chat/unread', async (request): Promise<ChatUnread> => chat.unread(requireAuth(request).user.id));

  app.post('/api/chat/read', async (request): Promise<ChatUnread> => {
    const { user } = requireAuth(request);
    parseInput(ChatReadBody, request.body);
    return chat.markRead(user.id);
  });
}
