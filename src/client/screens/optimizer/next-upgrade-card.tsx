import type { OptimizerStatus } from '../../../core/api/optimizer';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { formatMinutes, nextStep, startButton } from './optimizer-model';
import { formatTelnet } from '../../lib/format-telnet';

const t = texts.optimizer;

/**
 * spec §2 next-upgrade card: cost, time, gain, START (enabled only when allowed, else the reason).
 * While an upgrade runs it shows the step after the running one, and says the running one is why.
 */
export function NextUpgradeCard(props: {
  status: OptimizerStatus;
  telnet: number;
  starting: boolean;
  onStart(): void;
}) {
  const { status } = props;
  const step = nextStep(status);
  if (step === null) {
    return (
      <Panel title={t.nextUpgradeCard} tone="telnet" className="bb-opt__card">
        <p className="bb-opt__maxed">{status.isActive ? t.lastUpgradeRunning : t.maxLevelReached}</p>
      </Panel>
    );
  }
  const button = startButton(status, props.telnet);
  return (
    <Panel title={t.nextUpgradeCard} tone="telnet" className="bb-opt__card">
      {step.afterRunning ? <p className="bb-opt__after">{t.afterRunning(step.fromLevel, step.fromLevel + 1)}</p> : null}
      <dl className="bb-opt__facts">
        <div>
          <dt>{t.cost}</dt>
          <dd className="bb-telnet" data-testid="optimizer-cost">
            {formatTelnet(step.costTelnet)} TELNET
          </dd>
        </div>
        <div>
          <dt>{t.duration}</dt>
          <dd>{formatMinutes(step.minutes)}</dd>
        </div>
        <div>
          <dt>{t.gain}</dt>
          <dd>{t.gainValue}</dd>
        </div>
      </dl>
      <CommandButton
        variant="primary"
        bracket
        disabled={!button.enabled || props.starting}
        onClick={props.onStart}
        aria-describedby={button.enabled ? undefined : 'bb-opt-start-reason'}
      >
        {props.starting ? t.starting : button.label}
      </CommandButton>
      {!button.enabled ? (
        <p id="bb-opt-start-reason" className={`bb-opt__reason bb-opt__reason--${button.tone}`} role="note">
          {button.reason}
        </p>
      ) : null}
    </Panel>
  );
}
