import { texts } from '../../../core/texts';
import { errorText } from '../../lib/api-error';
import { useSession } from '../../session/session-context';
import { ScreenHeader } from '../../ui/screen-header';
import { useToast } from '../../ui/toast';
import { DroneCard } from '../../drone/drone-card';
import { useBuyDrone, useDroneStatus } from '../../drone/use-drone';
import { HowItWorksCard } from './how-it-works-card';
import { NextUpgradeCard } from './next-upgrade-card';
import { formatRate } from './optimizer-model';
import { OptimizerStatusCard } from './optimizer-status-card';
import { useCountdown } from './use-countdown';
import { useCollect, useOptimizerStatus, useStartUpgrade } from './use-optimizer';
import './optimizer-screen.css';
import { formatTelnet } from '../../lib/format-telnet';

const t = texts.optimizer;

/** spec §2 Optimizer: the status, next-upgrade and how-it-works cards, and the Drone. */
export function OptimizerScreen() {
  const { user } = useSession();
  const toast = useToast();
  const query = useOptimizerStatus();
  const drone = useDroneStatus();
  const start = useStartUpgrade();
  const collect = useCollect();
  const buy = useBuyDrone();
  const status = query.data?.status;
  const remainingMs = useCountdown(status?.endsAt ?? null, status?.serverNow ?? 0, query.data?.receivedAt ?? 0);
  const telnet = user?.telnet ?? 0;

  return (
    <div className="bb-opt">
      <ScreenHeader title={t.title} tagline={t.tagline}>
        <span className="bb-opt__balance">
          TELNET <span className="bb-telnet">{formatTelnet(telnet)}</span>
        </span>
      </ScreenHeader>
      {!status ? (
        <p className="bb-muted" role="status">
          {query.isError ? errorText(query.error) : texts.shell.loading}
        </p>
      ) : (
        <div className="bb-opt__grid">
          <OptimizerStatusCard
            status={status}
            remainingMs={remainingMs}
            collecting={collect.isPending}
            onCollect={() =>
              collect.mutate(undefined, {
                onSuccess: (r) => toast.show({ title: t.collected(formatRate(r.newConnectionRate)), tone: 'success' }),
                onError: (e) => toast.show({ title: t.collectionFailed, tone: 'danger', description: errorText(e) }),
              })
            }
          />
          <NextUpgradeCard
            status={status}
            telnet={telnet}
            starting={start.isPending}
            onStart={() =>
              start.mutate(undefined, {
                onSuccess: (r) => toast.show({ title: t.started(r.timeMinutes), tone: 'telnet' }),
                onError: (e) => toast.show({ title: t.upgradeFailed, tone: 'danger', description: errorText(e) }),
              })
            }
          />
          <DroneCard
            status={drone.data?.status}
            telnet={telnet}
            buying={buy.isPending}
            onBuy={(amount) =>
              buy.mutate(amount, {
                onSuccess: (r) =>
                  toast.show({ title: t.droneLaunched(r.clicks, formatTelnet(r.refundedTelnet)), tone: 'telnet' }),
                onError: (e) => toast.show({ title: t.upgradeFailed, tone: 'danger', description: errorText(e) }),
              })
            }
          />
          <HowItWorksCard currentLevel={status.currentLevel} />
        </div>
      )}
    </div>
  );
}
