import type { FastifyInstance } from 'fastify';
import {
  ConversationQuery,
  DirectoryUserParams,
  PrivateMessageBody,
  ReadConversationBody,
  type ConversationPage,
  type DirectoryUser,
  type PingSystemLine,
} from '../../../core/api/ping';
import { parseInput } from '../../http/errors';
import { requireAuth } from '../../http/session';
import type { PingService } from './service';

/** spec §7 /api/directories/*, plus POST /api/directories/read (reading a conversation is a separate, CSRF-checked step). */
export function pingRoutes(app: FastifyInstance, ping: PingService): void {
  app.get('/api/directories/unread', async (request): Promise<string[]> => ping.unread(requireAuth(request).user.id));

  // Lines the system wrote into the player's Ping (a hack of their Token); read-only.
  app.get('/api/directories/system', async (request): Promise<PingSystemLine[]> =>
    ping.systemLines(requireAuth(request).user.id),
  );

  app.get('/api/directories/users', async (request): Promise<DirectoryUser[]> => {
    requireAuth(request);
    return ping.directoryUsers();
  });

  app.get('/api/directories/conversations', async (request): Promise<string[]> =>
    ping.conversations(requireAuth(request).user.id),
  );

  app.get('/api/directories/user/:username', async (request): Promise<DirectoryUser> => {
    requireAuth(request);
    return ping.directoryUser(parseInput(DirectoryUserParams, request.params).username);
  });

  app.get('/api/directories/messages', async (request): Promise<ConversationPage> => {
    const { user } = requireAuth(request);
    return ping.conversation(user.id, parseInput(ConversationQuery, request.query));
  });

  app.post('/api/directories/messages', async (request, reply) => {
    const { user } = requireAuth(request);
    const body = parseInput(PrivateMessageBody, request.body);
    return reply.status(201).send(await ping.send(user, body));
  });

  app.post('/api/directories/read', async (request): Promise<string[]> => {
    const { user } = requireAuth(request);
    return ping.markRead(user.id, parseInput(ReadConversationBody, request.body).partnerId);
  });
}
