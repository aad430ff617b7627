import { useEffect, useState } from 'react';
import { useDocumentVisible } from '../../lib/use-document-visible';
import { clockOffsetMs, msRemaining } from './optimizer-model';

/** Milliseconds left until the server's end time, ticking every 1 s (spec §9) while the tab is visible. */
export function useCountdown(endsAt: number | null, serverNow: number, receivedAt: number): number {
  const visible = useDocumentVisible();
  const [localNow, setLocalNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null || !visible) return;
    setLocalNow(Date.now());
    const timer = setInterval(() => setLocalNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt, visible]);
  return msRemaining(endsAt, localNow, clockOffsetMs(serverNow, receivedAt));
}
