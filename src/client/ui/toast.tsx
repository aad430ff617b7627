import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';
import { texts } from '../../core/texts';

/** spec §9: toasts last 5000 ms by default. */
export const toastDurationMs = 5000;

export type ToastTone = 'info' | 'success' | 'danger' | 'telnet';

export interface ToastInput {
  title: string;
  description?: ReactNode;
  tone?: ToastTone;
  durationMs?: number;
}

export interface ToastApi {
  /** Shows a toast, replacing the one on screen (spec §9: at most one at a time). */
  show(toast: ToastInput): void;
  /**
   * Shows a toast once the screen has none: news that is not the answer to what the player just did
   * (a mission completed) waits behind that answer instead of replacing it, and comes back after an
   * answer that replaced it.
   */
  showWhenFree(toast: ToastInput): void;
  dismiss(): void;
}

interface ShownToast extends ToastInput {
  id: number;
  patient?: boolean;
}

interface ToastQueue {
  current: ShownToast | null;
  /** Patient toasts waiting for the screen to be free, oldest first (a few at most). */
  waiting: ShownToast[];
}

const maxWaiting = 3;
const nextInLine = (q: ToastQueue): ToastQueue => ({ current: q.waiting[0] ?? null, waiting: q.waiting.slice(1) });

const ToastContext = createContext<ToastApi | null>(null);

/** One toast at a time, bottom right on desktop and top on phones, announced through aria-live. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastQueue>({ current: null, waiting: [] });
  const toast = queue.current;
  const nextId = useRef(1);
  const regionRef = useRef<HTMLElement>(null);

  const api = useMemo<ToastApi>(
    () => ({
      show: (input) =>
        setQueue((q) => ({
          current: { ...input, id: nextId.current++ },
          waiting: q.current?.patient ? [q.current, ...q.waiting].slice(0, maxWaiting) : q.waiting,
        })),
      showWhenFree: (input) =>
        setQueue((q) => {
          const next = { ...input, id: nextId.current++, patient: true };
          return q.current ? { ...q, waiting: [...q.waiting, next].slice(-maxWaiting) } : { ...q, current: next };
        }),
      dismiss: () => setQueue(nextInLine),
    }),
    [],
  );

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setQueue(nextInLine), toast.durationMs ?? toastDurationMs);
    return () => window.clearTimeout(timer);
  }, [toast]);

  // spec §9: the F8 hotkey focuses the notification region.
  const onKey = useCallback((event: KeyboardEvent) => {
    if (event.key === 'F8') {
      event.preventDefault();
      regionRef.current?.focus();
    }
  }, []);
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section ref={regionRef} className="bb-toast-region" aria-label={texts.shell.notifications} tabIndex={-1}>
        <div role="status" aria-live="polite" aria-atomic="true">
          {toast ? (
            <div key={toast.id} className={`bb-toast bb-toast--${toast.tone ?? 'info'}`} data-testid="toast">
              <div className="bb-toast__text">
                <p className="bb-toast__title">{toast.title}</p>
                {toast.description ? <div className="bb-toast__description">{toast.description}</div> : null}
              </div>
              <button
                type="button"
                className="bb-toast__close"
                onClick={api.dismiss}
                aria-label={texts.shell.dismissNotification}
              >
                ×
              </button>
            </div>
          ) : null}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider>');
  return api;
}
