import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { infra } from '../../../core/infra';
import type { User } from '../../../core/api/common';
import type { WatchTopic } from '../../../core/api/events';
import type { ChatMessage } from '../../../core/api/chat';
import type { DirectoryUser, PrivateMessage } from '../../../core/api/ping';
import type { IgnoreList } from '../../../core/api/safety';
import { userQueryKey } from '../../session/session-context';
import { appendMessage, removeMessage } from '../message-pages';
import { isStreamCovered, streamKeys, type MessagePages } from '../stream-queries';
import { useToast, type ToastApi } from '../../ui/toast';
import { createGridFeed, GridFeedContext, type GridFeed } from './grid-feed';
import { setFromPush } from './set-from-push';
import { createSocketConnection, type SocketConnection } from './socket-connection';
import {
  eventActions,
  mergeUserUpdate,
  socketUrl,
  withPresence,
  type CacheAction,
  type ScreenEvents,
  type SocketStatus,
} from './socket-model';

const SocketStatusContext = createContext<SocketStatus>('down');
/** Registers a screen that shows a topic (who is online, the Kernel); returns its release. A no-op outside a signed-in shell. */
const WatchContext = createContext<(topic: WatchTopic) => () => void>(() => () => {});

const keep = { max: infra.chatKeepMax, drop: infra.chatDropBatch };

/** The ignored players as the cached list holds them (none until it is loaded). */
function ignoredSet(queryClient: QueryClient): ReadonlySet<number> {
  const list = queryClient.getQueryData<IgnoreList>(streamKeys.ignores);
  return new Set(list?.ignored.map((p) => p.userId) ?? []);
}

/** Applies one action to the cache: the thin, untested-by-design edge of the pure socket model. */
function applyAction(
  queryClient: QueryClient,
  action: CacheAction,
  decodesInFlight: () => boolean,
  toast?: ToastApi,
  gridFeed?: GridFeed,
): void {
  switch (action.kind) {
    case 'chat.append':
      queryClient.setQueryData<MessagePages<ChatMessage>>(streamKeys.chatMessages, (data) =>
        appendMessage(data, action.message, keep),
      );
      return;
    case 'chat.remove':
      queryClient.setQueryData<MessagePages<ChatMessage>>(streamKeys.chatMessages, (data) =>
        removeMessage(data, action.id),
      );
      return;
    case 'conversation.append':
      queryClient.setQueryData<MessagePages<PrivateMessage>>(streamKeys.conversation(action.partnerId), (data) =>
        appendMessage(data, action.message, keep),
      );
      return;
    case 'conversations.invalidate':
      void queryClient.invalidateQueries({ queryKey: streamKeys.conversations });
      return;
    case 'chatUnread.set':
      setFromPush(queryClient, streamKeys.chatUnread, { hasUnread: action.hasUnread });
      return;
    case 'unreadDirectories.set':
      setFromPush(queryClient, streamKeys.unreadDirectories, action.usernames);
      return;
    case 'missions.set':
      setFromPush(queryClient, streamKeys.missionStatus, action.status);
      return;
    case 'user.set':
      setFromPush<User | null>(queryClient, userQueryKey, (cached) =>
        cached ? mergeUserUpdate(cached, action.user, decodesInFlight()) : cached,
      );
      return;
    case 'presence.set': {
      const current = queryClient.getQueryData<DirectoryUser[]>(streamKeys.directoryUsers);
      const next = withPresence(current, action);
      if (next.users !== current) queryClient.setQueryData(streamKeys.directoryUsers, next.users);
      // Someone new came online: the list is refetched rather than guessed.
      if (next.unlisted) void queryClient.invalidateQueries({ queryKey: streamKeys.directoryUsers });
      return;
    }
    case 'grid.update':
      gridFeed?.emit({ kind: 'update', update: action.update });
      return;
    case 'grid.resync':
      gridFeed?.emit({ kind: 'resync' });
      return;
    case 'invalidate':
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const head = query.queryKey[0];
          return typeof head === 'string' && action.prefixes.some((prefix) => head.startsWith(prefix));
        },
      });
      return;
    case 'toast':
      toast?.show(action.toast);
      return;
    case 'alert':
      toast?.show({ title: action.title, description: action.description, tone: 'danger' });
      return;
    case 'resync':
      void queryClient.invalidateQueries({ predicate: (query) => isStreamCovered(query.queryKey) });
      gridFeed?.emit({ kind: 'resync' });
      return;
    case 'sign-out':
      // Handled by the provider (it needs the session).
      return;
  }
}

export interface SocketProviderProps {
  userId: number;
  /** Whether decodes are queued or in flight (the tap runner's count), for user.updated. */
  decodesInFlight(): boolean;
  /** The session is over: re-check it, which signs out silently as the 5 s check does (spec §4). */
  onSessionEnded(): void;
  /** Each screen's own events and what they do to the cache (ADR 080); fixed for the tab's life. */
  screens?: readonly ScreenEvents[];
  children: ReactNode;
}

/**
 * One WebSocket per tab while a player is signed in (mounted per user by the shell, so logout closes
 * it). Events go through the pure model into the query cache; the status tells screens whether to poll.
 */
export function SocketProvider({ userId, decodesInFlight, onSessionEnded, screens, children }: SocketProviderProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const gridFeed = useMemo(createGridFeed, []);
  const callbacks = useRef({ decodesInFlight, onSessionEnded });
  callbacks.current = { decodesInFlight, onSessionEnded };
  // Screens showing each topic, counted: the socket watches a topic while at least one of its screens is mounted.
  const connectionRef = useRef<SocketConnection | null>(null);
  const watchingScreens = useRef<Record<WatchTopic, number>>({ presence: 0, kernel: 0 });
  const watch = useCallback((topic: WatchTopic) => {
    watchingScreens.current[topic] += 1;
    connectionRef.current?.setWatch(topic, true);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      watchingScreens.current[topic] -= 1;
      connectionRef.current?.setWatch(topic, watchingScreens.current[topic] > 0);
    };
  }, []);

  useEffect(() => {
    const connection = createSocketConnection({
      url: socketUrl(window.location),
      open: (url) => new WebSocket(url),
      backoff: {
        baseMs: infra.socketReconnectBaseMs,
        maxMs: infra.socketReconnectMaxMs,
        stableMs: infra.socketStableMs,
      },
      random: Math.random,
      now: Date.now,
      setTimer: (run, ms) => window.setTimeout(run, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
      onStatus: setStatus,
      onEvent: (event) => {
        for (const action of eventActions(event, userId, ignoredSet(queryClient), screens)) {
          if (action.kind === 'sign-out') callbacks.current.onSessionEnded();
          else applyAction(queryClient, action, () => callbacks.current.decodesInFlight(), toast, gridFeed);
        }
      },
      onResync: () =>
        applyAction(queryClient, { kind: 'resync' }, () => callbacks.current.decodesInFlight(), undefined, gridFeed),
      onSessionEnded: () => callbacks.current.onSessionEnded(),
      warn: (message, detail) => console.warn(`[socket] ${message}`, detail),
    });
    // A screen's effect runs before this one (children first): the counts are already there.
    for (const [topic, count] of Object.entries(watchingScreens.current))
      connection.setWatch(topic as WatchTopic, count > 0);
    connectionRef.current = connection;
    connection.start();
    const online = () => connection.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      connectionRef.current = null;
      connection.stop();
    };
  }, [queryClient, userId, toast, gridFeed, screens]);

  return (
    <SocketStatusContext.Provider value={status}>
      <WatchContext.Provider value={watch}>
        <GridFeedContext.Provider value={gridFeed}>{children}</GridFeedContext.Provider>
      </WatchContext.Provider>
    </SocketStatusContext.Provider>
  );
}

/** Whether the live stream is up; 'down' outside a signed-in shell. */
export function useSocketStatus(): SocketStatus {
  return useContext(SocketStatusContext);
}

/**
 * spec §9's polling interval for a query while the socket is not up, and no polling while it is
 * (architecture.md: nothing polls while the stream is live, except the session check).
 */
export function usePollInterval(ms: number): number | false {
  return useSocketStatus() === 'up' ? false : ms;
}

/** A screen that shows who is online calls this: while it is mounted, presence.changed reaches this tab. */
export function usePresenceWatch(): void {
  const watch = useContext(WatchContext);
  useEffect(() => watch('presence'), [watch]);
}

/**
 * The Kernel canvas calls this: while it is mounted, grid_update reaches this tab, and once the server counts
 * it kernel.watchStarted asks the canvas to catch up (ADR 084).
 */
export function useKernelWatch(): void {
  const watch = useContext(WatchContext);
  useEffect(() => watch('kernel'), [watch]);
}
