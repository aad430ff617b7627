import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { ChatMessage, ChatUnread } from '../../core/api/chat';
import { infra } from '../../core/infra';
import { useApi } from '../lib/api-context';
import { appendMessage, messagesOf } from '../lib/message-pages';
import { usePollInterval } from '../lib/socket/socket-provider';
import { chatMessagesQuery, chatUnreadQuery, streamKeys, type MessagePages } from '../lib/stream-queries';
import { useDocumentVisible } from '../lib/use-document-visible';
import { useCompleteMission } from '../missions/use-missions';
import { useIgnoredIds, withoutIgnored } from '../safety/use-ignores';

const keep = { max: infra.chatKeepMax, drop: infra.chatDropBatch };

/** Global chat history (spec §7): the latest page, older pages on demand; pushed by chat_message, polled only while the socket is down. */
export function useChatHistory() {
  const api = useApi();
  const poll = usePollInterval(infra.chatPollMs);
  const query = useInfiniteQuery({ ...chatMessagesQuery(api), refetchInterval: poll });
  const ignored = useIgnoredIds();
  // Lines by ignored players: the server leaves them out of history; this drops the ones already shown or pushed (ADR 056).
  const messages = useMemo(
    () => withoutIgnored(messagesOf(query.data), ignored, (m) => m.userId),
    [query.data, ignored],
  );
  return {
    messages,
    loading: query.isPending,
    failed: query.isError && !query.data,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: () => void query.fetchNextPage(),
  };
}

/**
 * Sends a chat line (spec §5, §7). The caller has trimmed it and checked it is not empty; useMutation's
 * pending state blocks a second send. The line joins the history at once, and send_global_chat is
 * asked for (spec §4: the server decides whether it counts).
 */
export function useSendChat() {
  const api = useApi();
  const queryClient = useQueryClient();
  const completeMission = useCompleteMission();
  return useMutation({
    mutationFn: (message: string) => api.post('/api/chat/messages', { message }, ChatMessage),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages<ChatMessage>>(streamKeys.chatMessages, (data) =>
        appendMessage(data, message, keep),
      );
      completeMission('send_global_chat');
    },
  });
}

/**
 * spec §4: unread chat is cleared by POST /api/chat/read while the chat is visible. It runs whenever
 * the unread flag turns true (a new line from someone else) while the panel and the tab are on screen.
 */
export function useMarkChatRead(panelVisible: boolean): void {
  const api = useApi();
  const queryClient = useQueryClient();
  const tabVisible = useDocumentVisible();
  const unread = useQuery({ ...chatUnreadQuery(api), refetchInterval: usePollInterval(infra.chatUnreadPollMs) });
  const hasUnread = unread.data?.hasUnread ?? false;
  const pending = useRef(false);

  useEffect(() => {
    if (!panelVisible || !tabVisible || !hasUnread || pending.current) return;
    pending.current = true;
    api
      .post('/api/chat/read', undefined, ChatUnread)
      .then((answer) => queryClient.setQueryData(streamKeys.chatUnread, answer))
      .catch((error: unknown) => console.warn('chat read not recorded', error))
      .finally(() => {
        pending.current = false;
      });
  }, [api, queryClient, panelVisible, tabVisible, hasUnread]);
}
