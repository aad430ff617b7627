import { createContext, useContext, useEffect, useRef } from 'react';
import type { GridUpdate } from '../../../core/api/events';

/** What the Kernel canvas hears from the socket: a bought bit, or "you may have missed some". */
export type GridFeedMessage = { kind: 'update'; update: GridUpdate } | { kind: 'resync' };

/**
 * A tiny fan-out for grid_update: the canvas paints each delta straight into its
 * image data, so the updates bypass the query cache and never re-render React.
 */
export function createGridFeed() {
  const listeners = new Set<(message: GridFeedMessage) => void>();
  return {
    emit(message: GridFeedMessage): void {
      for (const listener of listeners) listener(message);
    },
    subscribe(listener: (message: GridFeedMessage) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type GridFeed = ReturnType<typeof createGridFeed>;

export const GridFeedContext = createContext<GridFeed | null>(null);

/** Calls `onMessage` for every grid message while the component is mounted (latest callback wins). */
export function useGridFeed(onMessage: (message: GridFeedMessage) => void): void {
  const feed = useContext(GridFeedContext);
  const latest = useRef(onMessage);
  latest.current = onMessage;
  useEffect(() => feed?.subscribe((m) => latest.current(m)), [feed]);
}
