import { useRef, useState } from 'react';
import { texts } from '../../../core/texts';

/** Where a SYNC stands: nothing asked yet, asking, answered (at a local time), or failed. */
export type SyncState = { kind: 'idle' } | { kind: 'syncing' } | { kind: 'synced'; at: string } | { kind: 'failed' };

/** The line under the stats after a SYNC, or null before the first one (and while one runs). */
export function syncLine(state: SyncState): string | null {
  if (state.kind === 'synced') return texts.mainframe.stats.synced(state.at);
  if (state.kind === 'failed') return texts.mainframe.stats.syncFailed;
  return null;
}

/** A clock time as the sync line shows it: 24-hour HH:MM:SS. */
export function clockTime(date: Date): string {
  return date.toLocaleTimeString('en-GB', { hour12: false });
}

/** SYNC with feedback: the button says it is working, then a line says when the stats were fetched. */
export function useSync(refresh: () => Promise<boolean>) {
  const [state, setState] = useState<SyncState>({ kind: 'idle' });
  const running = useRef(false);
  function sync() {
    // One at a time: a second click while one runs would only repeat the same answer.
    if (running.current) return;
    running.current = true;
    setState({ kind: 'syncing' });
    void refresh().then((ok) => {
      running.current = false;
      setState(ok ? { kind: 'synced', at: clockTime(new Date()) } : { kind: 'failed' });
    });
  }
  return { state, sync };
}
