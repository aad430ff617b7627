import { useCallback, useRef, useState } from 'react';
import { online, type CheckStep, type LinkState } from './connection-model';

/** The link to the server as the session holds it (ADR 061): its state, the next retry, and the two ways it moves. */
export interface ServerLink {
  reconnecting: boolean;
  /** When to ask again (null: the ordinary schedule applies). */
  retryAt: { inMs: number } | null;
  /** The current state for callbacks that must not re-bind on every change. */
  linkRef: { readonly current: LinkState };
  /** The server answered, or the player signed out: nothing to wait for. */
  goOnline(): void;
  /** A failed check's step (afterCheck): the new state and when to retry. */
  follow(step: CheckStep): void;
}

export function useServerLink(): ServerLink {
  const [link, setLink] = useState<LinkState>(online);
  const [retryAt, setRetryAt] = useState<{ inMs: number } | null>(null);
  const linkRef = useRef(link);
  linkRef.current = link;
  const goOnline = useCallback(() => {
    setLink(online);
    setRetryAt(null);
  }, []);
  const follow = useCallback((step: CheckStep) => {
    setLink(step.link);
    setRetryAt(step.retryInMs === null ? null : { inMs: step.retryInMs });
  }, []);
  return { reconnecting: link.kind === 'reconnecting', retryAt, linkRef, goOnline, follow };
}
