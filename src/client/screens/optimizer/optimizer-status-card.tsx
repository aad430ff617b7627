import type { OptimizerStatus } from '../../../core/api/optimizer';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { ProgressBar } from '../../ui/progress-bar';
import { formatCountdown, formatRate, stateLabel } from './optimizer-model';

const t = texts.optimizer;

/** spec §2 status card: level, connection rate, state, the countdown from the server's end time, COLLECT. */
export function OptimizerStatusCard(props: {
  status: OptimizerStatus;
  remainingMs: number;
  collecting: boolean;
  onCollect(): void;
}) {
  const { status, remainingMs } = props;
  const totalMs = status.isActive && status.endsAt !== null ? Math.max(1, (status.nextUpgradeTime ?? 1) * 60_000) : 1;
  const ready = status.isActive && remainingMs <= 0;
  return (
    <Panel title={t.statusCard} tone="accent" className="bb-opt__card">
      <dl className="bb-opt__facts">
        <div>
          <dt>{t.level}</dt>
          <dd data-testid="optimizer-level">
            {status.currentLevel}
            <span className="bb-opt__of">/{status.maxLevel}</span>
          </dd>
        </div>
        <div>
          <dt>{t.connectionRate}</dt>
          <dd className="bb-opt__rate" data-testid="optimizer-rate">
            {formatRate(status.currentConnectionRate)}
          </dd>
        </div>
        <div>
          <dt>{t.state}</dt>
          <dd className={ready ? 'bb-opt__state bb-opt__state--ready' : 'bb-opt__state'}>
            {stateLabel(status, remainingMs)}
          </dd>
        </div>
      </dl>
      {status.isActive ? (
        <div className="bb-opt__countdown">
          <span className="bb-opt__label">{t.timeRemaining}</span>
          <span className="bb-opt__clock" role="timer" aria-live="off" data-testid="optimizer-countdown">
            {formatCountdown(remainingMs)}
          </span>
          <ProgressBar
            label={t.timeRemaining}
            value={totalMs - remainingMs}
            max={totalMs}
            valueText={formatCountdown(remainingMs)}
            tone="link"
            compact
          />
        </div>
      ) : null}
      {status.isActive ? (
        <CommandButton variant="primary" bracket disabled={!ready || props.collecting} onClick={props.onCollect}>
          {props.collecting ? t.collecting : t.collect}
        </CommandButton>
      ) : null}
    </Panel>
  );
}
