import { useEffect, useRef, useState } from 'react';
import { consoleTexts } from '../../../core/texts/console';
import { ApiError } from '../../lib/api-error';
import { useToast } from '../../ui/toast';
import { ActionDialog } from './action-dialog';
import { LedgerPanel } from './ledger-panel';
import { PlayerFacts } from './player-facts';
import { PlayerHoldings } from './player-holdings';
import { PlayerLines } from './player-lines';
import { PlayerSignals } from './player-signals';
import { doneText, type ConsoleAction } from './players-model';
import { useConsoleAction, usePlayerView } from './use-players';

/** One player in panels, and the dialog every action goes through: a reason, a toast when done, the view read again. */
export function PlayerDetail({ userId }: { userId: number }) {
  const view = usePlayerView(userId);
  const send = useConsoleAction(userId);
  const toast = useToast();
  const [action, setAction] = useState<ConsoleAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const root = useRef<HTMLDivElement>(null);

  const open = (next: ConsoleAction, from: HTMLElement) => {
    opener.current = from;
    setError(null);
    setAction(next);
  };
  // The opener may be gone once the view is read again (a removed line): the player's panel takes focus then.
  const heading = () => root.current?.querySelector<HTMLElement>('.bb-console__facts h2') ?? null;
  const returnFocus = () => (opener.current?.isConnected ? opener.current : heading());
  const loaded = view.data !== undefined;
  // Opening a player (Enter on a result) takes the keyboard to them: their panel's title, not a tab stop.
  useEffect(() => {
    const h = heading();
    if (!loaded || !h) return;
    h.tabIndex = -1;
    h.focus();
  }, [loaded]);

  if (view.error instanceof ApiError && view.error.status === 404)
    return <p className="bb-muted">{consoleTexts.noSuchPlayer}</p>;
  if (!view.data)
    return (
      <p className="bb-muted" role="status">
        …
      </p>
    );
  return (
    <div className="bb-console__player" ref={root} data-testid="player-view">
      <div className="bb-console__grid">
        <PlayerFacts view={view.data} onAct={open} />
        <PlayerSignals view={view.data} />
        <PlayerHoldings view={view.data} />
        <PlayerLines view={view.data} onAct={open} />
      </div>
      <LedgerPanel userId={userId} onAct={open} />
      <ActionDialog
        action={action}
        busy={send.isPending}
        error={error}
        returnFocus={returnFocus}
        onCancel={() => setAction(null)}
        onConfirm={(reason, minutes) => {
          if (!action) return;
          send.mutate(
            { action, reason, minutes },
            {
              onSuccess: (answer) => {
                toast.show({
                  title: doneText(action, 'player' in answer ? answer.player.mutedUntil : null),
                  tone: 'success',
                });
                setAction(null);
              },
              onError: (failure) =>
                setError(
                  failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : String(failure),
                ),
            },
          );
        }}
      />
    </div>
  );
}
