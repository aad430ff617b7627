import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { ChatPage, ChatUnread } from '../../core/api/chat';
import { MissionStatus } from '../../core/api/missions';
import {
  ConversationPage,
  Conversations,
  DirectoryUsers,
  PingSystemLines,
  UnreadDirectories,
} from '../../core/api/ping';
import type { ApiClient } from './api';

/**
 * The queries the /ws stream keeps fresh, in one place: screens, the SYSTEM badge and the socket all
 * name the same cache entries. A key's first part is the call's path (spec §7: a read's path is its
 * key joined by '/'); a second part narrows it (the conversation's partner id, spec §7).
 */
export const streamKeys = {
  chatMessages: ['/api/chat/messages'] as const,
  chatUnread: ['/api/chat/unread'] as const,
  unreadDirectories: ['/api/directories/unread'] as const,
  directoryUsers: ['/api/directories/users'] as const,
  conversations: ['/api/directories/conversations'] as const,
  /** Lines the system wrote into the player's Ping (a hack of their Token). */
  pingSystemLines: ['/api/directories/system'] as const,
  conversationPrefix: ['/api/directories/messages'] as const,
  conversation: (partnerId: number) => ['/api/directories/messages', partnerId] as const,
  missionStatus: ['/api/missions/status'] as const,
  /** The player's ignore list (ADR 056): every tab filters chat lines with it. */
  ignores: ['/api/ignores'] as const,
};

/** Paths whose data the stream covers: after a gap, a reconnect or stream.interrupted they are all refetched. */
const streamCoveredPrefixes = [
  '/api/ignores',
  '/api/chat/',
  '/api/directories/',
  '/api/missions/',
  '/api/auth/user',
  '/api/grid/',
  '/api/gear',
  '/api/telnet-cores',
  '/api/marketplace/',
  '/api/blockchain/',
];

/** Whether a query holds data the socket stream keeps up to date. */
export function isStreamCovered(queryKey: QueryKey): boolean {
  const head = queryKey[0];
  return typeof head === 'string' && streamCoveredPrefixes.some((prefix) => head.startsWith(prefix));
}

/** A page of messages with the cursor to the older page (null at the start of the channel). */
export interface MessagePage<M> {
  messages: M[];
  nextBefore: number | null;
}
export type MessagePages<M> = InfiniteData<MessagePage<M>>;

const withBefore = (path: string, before: number | null) =>
  before === null ? path : `${path}${path.includes('?') ? '&' : '?'}before=${before}`;

/** Global chat history: the latest page first, older pages through `before` (spec §7). */
export function chatMessagesQuery(api: ApiClient) {
  return {
    queryKey: streamKeys.chatMessages,
    queryFn: ({ pageParam, signal }: { pageParam: number | null; signal: AbortSignal }) =>
      api.request(withBefore('/api/chat/messages', pageParam), { schema: ChatPage, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page: ChatPage) => page.nextBefore,
  };
}

/** One private conversation, paged like the chat (spec §7: its key includes the partner id). */
export function conversationQuery(api: ApiClient, partnerId: number) {
  return {
    queryKey: streamKeys.conversation(partnerId),
    queryFn: ({ pageParam, signal }: { pageParam: number | null; signal: AbortSignal }) =>
      api.request(withBefore(`/api/directories/messages?partnerId=${partnerId}`, pageParam), {
        schema: ConversationPage,
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page: ConversationPage) => page.nextBefore,
  };
}

function readQuery<T>(api: ApiClient, queryKey: readonly [string], schema: z.ZodType<T>) {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.request(queryKey[0], { schema, signal }),
  };
}

export const chatUnreadQuery = (api: ApiClient) => readQuery(api, streamKeys.chatUnread, ChatUnread);
export const unreadDirectoriesQuery = (api: ApiClient) =>
  readQuery(api, streamKeys.unreadDirectories, UnreadDirectories);
export const directoryUsersQuery = (api: ApiClient) => readQuery(api, streamKeys.directoryUsers, DirectoryUsers);
export const conversationsQuery = (api: ApiClient) => readQuery(api, streamKeys.conversations, Conversations);
export const pingSystemLinesQuery = (api: ApiClient) => readQuery(api, streamKeys.pingSystemLines, PingSystemLines);
export const missionStatusQuery = (api: ApiClient) => readQuery(api, streamKeys.missionStatus, MissionStatus);
