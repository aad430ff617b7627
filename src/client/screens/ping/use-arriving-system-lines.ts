import { useEffect, useRef } from 'react';
import type { PingSystemLine } from '../../../core/api/ping';
import { usePingSystemLines } from './use-ping';

/**
 * Calls `onArrival` with each system line that arrives while Ping is open (the developer's answer,
 * ADR 063), never with the lines that were there when it opened: those the directory lists at its top.
 */
export function useArrivingSystemLines(onArrival: (line: PingSystemLine) => void): void {
  const lines = usePingSystemLines().data;
  const seenUpTo = useRef<number | null>(null);
  const callback = useRef(onArrival);
  callback.current = onArrival;
  useEffect(() => {
    if (!lines) return;
    const newest = lines.reduce((max, line) => Math.max(max, line.id), 0);
    if (seenUpTo.current !== null) for (const line of lines) if (line.id > seenUpTo.current) callback.current(line);
    seenUpTo.current = Math.max(seenUpTo.current ?? 0, newest);
  }, [lines]);
}
