import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { gridPaths, GridChanges, type GridChange } from '../../../core/api/kernel';
import { infra } from '../../../core/infra';
import { useApi } from '../../lib/api-context';
import { useGridFeed } from '../../lib/socket/grid-feed';
import { useKernelWatch, usePollInterval } from '../../lib/socket/socket-provider';
import { decodeInSlices } from './decode-in-slices';
import { caughtUp, receiveVersion, type SyncState } from './kernel-model';
import type { KernelView } from './kernel-view';
import { bitKey } from './use-kernel';
import type { ValueStore } from './value-store';

/**
 * Keeps the canvas in step with the server: the binary snapshot once, then every
 * grid_update painted as it arrives; a gap in versions, a reconnect or a dropped socket asks only
 * for what changed since the version held (or the snapshot again when that is too much).
 * The socket gets grid_update only while this is mounted (ADR 084); the server's kernel.watchStarted
 * asks for a catch-up from the moment it counts this tab, after the snapshot if that is still loading.
 */
export function useGridSync(
  view: React.RefObject<KernelView | null>,
  claimed: ValueStore<number>,
  status: ValueStore<'loading' | 'ready' | 'failed'>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const sync = useRef<SyncState>({ version: -1, ahead: [] });
  const catching = useRef(false);
  // A catch-up asked for while the first snapshot loads or another catch-up is in flight (whose answer may
  // predate the ask): it runs once that is done.
  const catchUpLater = useRef(false);
  const pollMs = usePollInterval(infra.kernelPollMs);
  useKernelWatch();

  const paint = useCallback(
    (c: GridChange) => {
      view.current?.paint(c.x, c.y, c.colorR, c.colorG, c.colorB);
      // The hover card's answer for this bit is stale now (it was free).
      void queryClient.invalidateQueries({ queryKey: bitKey(c) });
    },
    [view, queryClient],
  );

  const loadSnapshot = useCallback(async () => {
    const res = await fetch(gridPaths.snapshot, {
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!res.ok) throw new Error(`${res.status}: snapshot`);
    const grid = await decodeInSlices(new Uint8Array(await res.arrayBuffer()));
    view.current?.load(grid);
    sync.current = { version: grid.version, ahead: [] };
    claimed.set(grid.version);
    // Hover cards cached while the canvas was away may call a bit free that was bought meanwhile.
    void queryClient.invalidateQueries({ queryKey: [gridPaths.bit] });
  }, [view, claimed, queryClient]);

  const catchUp = useCallback(async () => {
    if (catching.current || sync.current.version < 0) {
      catchUpLater.current = true;
      return;
    }
    catching.current = true;
    try {
      const answer = await api.request(`${gridPaths.changes}?since=${sync.current.version}`, { schema: GridChanges });
      if (answer.resync) await loadSnapshot();
      else {
        for (const c of answer.changes) paint(c);
        sync.current = caughtUp(sync.current, answer.version);
        claimed.set(sync.current.version);
      }
    } catch {
      // The next update, reconnect or poll tries again.
    } finally {
      catching.current = false;
      if (catchUpLater.current) {
        catchUpLater.current = false;
        void catchUp();
      }
    }
  }, [api, loadSnapshot, paint, claimed]);

  useEffect(() => {
    let cancelled = false;
    const load = async (attempt: number) => {
      try {
        await loadSnapshot();
        if (cancelled) return;
        status.set('ready');
        if (catchUpLater.current) {
          catchUpLater.current = false;
          void catchUp();
        }
      } catch {
        if (cancelled) return;
        status.set('failed');
        window.setTimeout(() => void load(attempt + 1), Math.min(10_000, 1000 * 2 ** attempt));
      }
    };
    void load(0);
    return () => {
      cancelled = true;
    };
  }, [loadSnapshot, status, catchUp]);

  useGridFeed((message) => {
    if (message.kind === 'resync') return void catchUp();
    const u = message.update;
    if (sync.current.version < 0) return; // the snapshot in flight will include it or a catch-up will
    const r = receiveVersion(sync.current, u.version);
    sync.current = r.state;
    if (r.paint) paint({ x: u.x, y: u.y, colorR: u.colorR, colorG: u.colorG, colorB: u.colorB, version: u.version });
    claimed.set(Math.max(sync.current.version, ...sync.current.ahead));
    if (r.catchUp) void catchUp();
  });

  useEffect(() => {
    if (pollMs === false) return;
    const timer = window.setInterval(() => void catchUp(), pollMs);
    return () => window.clearInterval(timer);
  }, [pollMs, catchUp]);

  /** A purchase of this tab: painted at once, then counted like any pushed update. */
  return useCallback(
    (c: GridChange) => {
      const r = receiveVersion(sync.current, c.version);
      sync.current = r.state;
      if (r.paint) paint(c);
      claimed.set(Math.max(sync.current.version, ...sync.current.ahead));
      if (r.catchUp) void catchUp();
    },
    [paint, claimed, catchUp],
  );
}
