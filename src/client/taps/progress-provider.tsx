import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { infra } from '../../core/infra';
import type { User } from '../../core/api/common';
import { ProgressResponse, TapBatchResponse, type ProgressBody } from '../../core/api/game';
import { texts } from '../../core/texts';
import { useApi } from '../lib/api-context';
import { browserStore } from '../lib/storage';
import { userQueryKey } from '../session/session-context';
import { useToast } from '../ui/toast';
import { dropToastKind, summarizeDrops } from './drop-summary';
import { DropToastBody } from './drop-toast-body';
import { addDecodes, progressOf, projectServer, reconcile, shownUser, type Progress } from './progress-model';
import { parseQueue, pruneQueue, tapQueueStorageKey, unprocessedCount } from './tap-queue';
import { createTapRunner, type TapRunner } from './tap-runner';

/** How long a logout waits for queued decodes to reach the server before giving up on them. */
const logoutFlushTimeoutMs = 2000;

export interface ProgressApi {
  /** The player as shown: server stats with the predicted level, experience and decodes. */
  user: User;
  /** One finished row (spec §4): predicts the new progress and queues the tap. */
  recordDecode(): { levelsGained: number; level: number };
  /** Sends queued decodes and pending progress, then forgets the queue (spec §7: flushed at logout). */
  flushBeforeLogout(): Promise<void>;
  /** Whether decodes are queued or in flight, not yet acknowledged by the server. */
  hasDecodesInFlight(): boolean;
}

const ProgressContext = createContext<ProgressApi | null>(null);

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** Owns a signed-in player's decodes: prediction, the tap queue, debounced progress and reconciliation. */
export function ProgressProvider({ serverUser, children }: { serverUser: User; children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const lastFullShownAt = useRef<number | null>(null);
  const [store] = useState(browserStore);
  const runnerRef = useRef<TapRunner | null>(null);
  // Answers arriving after logout must not write a user back into the cache.
  const live = useRef(true);
  const progressTimer = useRef<number | null>(null);

  const [progress, setProgress] = useState<Progress>(() => {
    // Decodes a reload left in the queue are still on their way: count them from the start.
    const pending = unprocessedCount(pruneQueue(parseQueue(store.getItem(tapQueueStorageKey)), Date.now()));
    return projectServer(progressOf(serverUser), pending);
  });
  const progressRef = useRef(progress);
  progressRef.current = progress;

  const acceptServerUser = useCallback(
    (user: User) => {
      if (live.current) queryClient.setQueryData(userQueryKey, user);
    },
    [queryClient],
  );

  const onResult = useCallback(
    (result: TapBatchResponse) => {
      acceptServerUser(result.user);
      // An open inventory shows new drops at once (only mounted queries refetch).
      if (result.gearDrops.length + result.telnetCoreDrops.length > 0) {
        void queryClient.invalidateQueries({ queryKey: ['/api/gear'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/telnet-cores'] });
      }
      const summary = summarizeDrops(result);
      const kind = dropToastKind(summary, lastFullShownAt.current, Date.now());
      if (!summary || !kind) return;
      if (kind === 'inventory-full') lastFullShownAt.current = Date.now();
      toast.show({
        title: kind === 'inventory-full' ? texts.inventoryFull : texts.mainframe.lootTitle,
        tone: kind === 'inventory-full' ? 'danger' : 'telnet',
        description: (
          <DropToastBody
            summary={summary}
            {...(kind === 'inventory-full' ? { onOpenInventory: () => navigate('/inventory') } : {})}
          />
        ),
      });
    },
    [acceptServerUser, toast, navigate, queryClient],
  );
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  useEffect(() => {
    live.current = true;
    const runner = createTapRunner({
      store,
      now: Date.now,
      sleep,
      sendBatch: (body) => api.post('/api/game/tap-batch', body, TapBatchResponse),
      onResult: (result) => onResultRef.current(result),
      onAutoClicker: () => toast.show({ title: texts.mainframe.autoClickerCleared, tone: 'danger' }),
    });
    runnerRef.current = runner;
    void runner.flush(0); // resume a queue left by a reload
    return () => {
      runner.stop();
      runnerRef.current = null;
      live.current = false;
      if (progressTimer.current !== null) window.clearTimeout(progressTimer.current);
    };
  }, [api, store, toast]);

  // Every server user (session check, batch answer, progress answer) meets the prediction here.
  useEffect(() => {
    const unacknowledged = runnerRef.current?.unacknowledged() ?? 0;
    const next = reconcile(progressRef.current, progressOf(serverUser), unacknowledged);
    if (!next.tookServer) return;
    // The ref moves at once, so a digit typed before the next render builds on the server's state.
    progressRef.current = next.progress;
    setProgress(next.progress);
  }, [serverUser]);

  const sendProgress = useCallback(async () => {
    progressTimer.current = null;
    try {
      const { level, currentExp, maxExp, totalTaps } = progressRef.current;
      const body: ProgressBody = { level, currentExp, maxExp, totalTaps };
      const answer = await api.post('/api/game/progress', body, ProgressResponse);
      acceptServerUser(answer.user);
    } catch {
      // The tap batches carry the truth; a lost progress report is corrected by the next one.
    }
  }, [api, acceptServerUser]);

  const recordDecode = useCallback(() => {
    const next = addDecodes(progressRef.current, 1);
    const { levelsGained, ...predicted } = next;
    progressRef.current = predicted;
    setProgress(predicted);
    runnerRef.current?.record();
    // spec §7: progress is sent 500 ms after the latest tap.
    if (progressTimer.current !== null) window.clearTimeout(progressTimer.current);
    progressTimer.current = window.setTimeout(() => void sendProgress(), infra.progressDebounceMs);
    return { levelsGained, level: predicted.level };
  }, [sendProgress]);

  const flushBeforeLogout = useCallback(async () => {
    const runner = runnerRef.current;
    const timer = progressTimer.current;
    if (timer !== null) window.clearTimeout(timer);
    await Promise.all([runner?.flush(logoutFlushTimeoutMs), timer !== null ? sendProgress() : undefined]);
    runner?.stop();
    runner?.clear();
    live.current = false;
  }, [sendProgress]);

  const hasDecodesInFlight = useCallback(() => (runnerRef.current?.unacknowledged() ?? 0) > 0, []);

  const value = useMemo<ProgressApi>(
    () => ({ user: shownUser(serverUser, progress), recordDecode, flushBeforeLogout, hasDecodesInFlight }),
    [serverUser, progress, recordDecode, flushBeforeLogout, hasDecodesInFlight],
  );
  return <ProgressContext.Provider value={value}>{children}</ProgressContext.Provider>;
}

export function useProgress(): ProgressApi {
  const value = useContext(ProgressContext);
  if (!value) throw new Error('useProgress needs a <ProgressProvider>');
  return value;
}

/** For the shell, which also renders while signed out. */
export function useOptionalProgress(): ProgressApi | null {
  return useContext(ProgressContext);
}
