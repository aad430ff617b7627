import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { DirectoryUser, PrivateMessage, UnreadDirectories } from '../../../core/api/ping';
import { infra } from '../../../core/infra';
import { useApi } from '../../lib/api-context';
import { appendMessage, messagesOf } from '../../lib/message-pages';
import { usePollInterval, usePresenceWatch } from '../../lib/socket/socket-provider';
import {
  conversationQuery,
  conversationsQuery,
  directoryUsersQuery,
  pingSystemLinesQuery,
  streamKeys,
  unreadDirectoriesQuery,
  type MessagePages,
} from '../../lib/stream-queries';
import { useDocumentVisible } from '../../lib/use-document-visible';
import { useCompleteMission } from '../../missions/use-missions';
import { isUnreadFrom, type Partner } from './ping-model';

const keep = { max: infra.chatKeepMax, drop: infra.chatDropBatch };

/**
 * GET /api/directories/users (spec §7): presence.changed keeps it live (the tab watches presence
 * while a screen using it is mounted); polled every 10 s only while the socket is down.
 */
export function useDirectoryUsers() {
  const api = useApi();
  usePresenceWatch();
  return useQuery({ ...directoryUsersQuery(api), refetchInterval: usePollInterval(infra.directoryUsersPollMs) });
}

/** GET /api/directories/conversations: refreshed when a private message opens a new one. */
export function useConversations() {
  const api = useApi();
  return useQuery({ ...conversationsQuery(api), refetchInterval: usePollInterval(infra.directoryUsersPollMs) });
}

/** GET /api/directories/system: refetched when terminal.hacked reaches the victim, polled only while the socket is down. */
export function usePingSystemLines() {
  const api = useApi();
  return useQuery({ ...pingSystemLinesQuery(api), refetchInterval: usePollInterval(infra.directoryUsersPollMs) });
}

/** GET /api/directories/unread (spec §7), the same cache entry as the SYSTEM badge's. */
export function useUnreadDirectories() {
  const api = useApi();
  return useQuery({
    ...unreadDirectoriesQuery(api),
    refetchInterval: usePollInterval(infra.unreadDirectoriesPollMs),
  });
}

/** GET /api/directories/user/{username}: who 'cd' opens a line to (404 'user not found'). */
export function useLookupUser(): (username: string) => Promise<DirectoryUser> {
  const api = useApi();
  return useCallback(
    (username: string) => api.get(`/api/directories/user/${encodeURIComponent(username)}`, DirectoryUser),
    [api],
  );
}

/** One conversation (spec §7: polled every 3 s only while the socket is down; ping.messageSent pushes the rest). */
export function useConversation(partnerId: number | null) {
  const api = useApi();
  const poll = usePollInterval(infra.privateMessagesPollMs);
  const query = useInfiniteQuery({
    ...conversationQuery(api, partnerId ?? 0),
    enabled: partnerId !== null,
    refetchInterval: partnerId === null ? false : poll,
  });
  const messages = useMemo(() => messagesOf(query.data), [query.data]);
  return {
    messages,
    loading: partnerId !== null && query.isPending,
    failed: query.isError && !query.data,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: () => void query.fetchNextPage(),
  };
}

/** POST /api/directories/messages (spec §7); the message joins the conversation at once and send_private_message is asked for. */
export function useSendPrivateMessage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const completeMission = useCompleteMission();
  return useMutation({
    mutationFn: (input: { receiverId: number; message: string }) =>
      api.post('/api/directories/messages', input, PrivateMessage),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages<PrivateMessage>>(streamKeys.conversation(message.receiverId), (data) =>
        appendMessage(data, message, keep),
      );
      void queryClient.invalidateQueries({ queryKey: streamKeys.conversations });
      completeMission('send_private_message');
    },
  });
}

/**
 * While a conversation is on screen, its unread mark is cleared with POST /api/directories/read
 * (fetching alone does not mark it read), whenever the unread list names the partner.
 */
export function useMarkConversationRead(partner: Partner | null, unread: readonly string[] | undefined): void {
  const api = useApi();
  const queryClient = useQueryClient();
  const tabVisible = useDocumentVisible();
  const pending = useRef(false);
  const hasUnread = partner !== null && isUnreadFrom(unread, partner.username);
  const partnerId = partner?.id ?? null;

  useEffect(() => {
    if (partnerId === null || !hasUnread || !tabVisible || pending.current) return;
    pending.current = true;
    api
      .post('/api/directories/read', { partnerId }, UnreadDirectories)
      .then((usernames) => queryClient.setQueryData(streamKeys.unreadDirectories, usernames))
      .catch((error: unknown) => console.warn('conversation read not recorded', error))
      .finally(() => {
        pending.current = false;
      });
  }, [api, queryClient, partnerId, hasUnread, tabVisible]);
}
