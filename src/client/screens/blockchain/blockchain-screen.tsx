import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { validateGuess } from '../../../core/rules/codebreak';
import { texts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { useIsNarrowScreen } from '../../lib/use-media-query';
import { useCompleteMission } from '../../missions/use-missions';
import { useSession } from '../../session/session-context';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { useToast } from '../../ui/toast';
import { StatsPanel } from '../mainframe/stats-panel';
import {
  applyGuessResult,
  blockchainView,
  guessToast,
  shownBoss,
  splitMessage,
  type LocalBoss,
} from './blockchain-model';
import { BossPanel } from './boss-panel';
import { CodeBreach } from './code-breach';
import { CrackedPanel } from './cracked-panel';
import { DigitRain } from './digit-rain';
import { RecentAttempts } from './recent-attempts';
import { bossQueryKey, useCurrentBoss, useLastDefeated, useRefetchAfterGuess, useSubmitGuess } from './use-blockchain';
import './blockchain-screen.css';

const t = texts.blockchain;

/** spec §2 /blockchain: the shared boss, cracked together. The root composes; rules live in the model. */
export function BlockchainScreen() {
  const session = useSession();
  const narrow = useIsNarrowScreen();
  const toast = useToast();
  const queryClient = useQueryClient();
  const current = useCurrentBoss();
  const last = useLastDefeated(current.data === null);
  const submit = useSubmitGuess();
  const refetchLater = useRefetchAfterGuess(session.refetchUser);
  const completeMission = useCompleteMission();
  const [local, setLocal] = useState<LocalBoss | null>(null);
  // Re-render when the 500 ms ignore window closes, so the server's boss shows again.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!local) return;
    const id = window.setTimeout(() => setTick((n) => n + 1), Math.max(0, local.ignoreServerUntil - Date.now()));
    return () => window.clearTimeout(id);
  }, [local]);

  const boss = shownBoss(current.data, local, Date.now());
  const view = blockchainView({ bossLoading: current.isPending, boss, lastLoading: last.isPending, last: last.data });
  const user = session.user;
  const me = user?.username ?? '';

  async function guess(raw: string) {
    if (!boss) return; // spec §5: nothing is submitted without a current boss
    const checked = validateGuess(raw, boss.codeLength);
    if (!checked.ok) {
      toast.show({ ...splitMessage(checked.message), tone: 'danger' });
      return;
    }
    try {
      const result = await submit.mutateAsync({ bossId: boss.id, guess: checked.guess });
      setLocal(applyGuessResult(boss, result, me, Date.now()));
      toast.show(guessToast(result));
      completeMission('attack_blockchain'); // spec §3: a real guess earns it; the server checks
    } catch (error) {
      toast.show({ title: t.submissionFailed, description: errorText(error) || t.submitFailedGeneric, tone: 'danger' });
    }
    refetchLater();
  }

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: bossQueryKey });
    return session.refetchUser();
  };

  return (
    <div className="bb-bc">
      <DigitRain />
      <ScreenHeader title={t.title} tagline={t.tagline} />
      <div className="bb-bc__layout">
        <aside className="bb-bc__side">
          {user ? <StatsPanel user={user} onRefresh={refresh} collapsible={narrow} /> : null}
        </aside>
        <div className="bb-bc__main">
          {view === 'loading' ? (
            <p className="bb-bc__status" role="status">
              {t.loading}
            </p>
          ) : null}
          {view === 'initializing' ? (
            <p className="bb-bc__status" role="status">
              {t.initializing}
            </p>
          ) : null}
          {view === 'generating' ? (
            <Panel title={t.title} className="bb-bc__empty">
              <p className="bb-bc__status">{t.noActive}</p>
              <p className="bb-muted">{t.generating}</p>
            </Panel>
          ) : null}
          {view === 'cracked' && last.data ? <CrackedPanel last={last.data} /> : null}
          {view === 'boss' && boss ? (
            <>
              <BossPanel boss={boss} />
              <CodeBreach
                key={boss.id}
                codeLength={boss.codeLength}
                expCost={boss.expCostPerGuess}
                pending={submit.isPending}
                onSubmit={guess}
              />
              <RecentAttempts attempts={boss.recentAttempts} me={me} />
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
