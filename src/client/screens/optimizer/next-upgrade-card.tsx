import type { OptimizerStatus } from '../../../core/api/optimizer';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { formatMinutes, startButton } from './optimizer-model';
import { formatTelnet } from '../../lib/format-telnet';

const t = texts.optimizer;

/** spec §2 next-upgrade card: cost, time, gain, START (enabled only when allowed, else the spec's reason). */
export function NextUpgradeCard(props: { status: OptimizerStatus; telnet: number; starting: boolean; onStart(): void }) {
  const { status } = props;
  if (status.nextUpgradeCost === null || status.nextUpgradeTime === null) {
    return (
      <Panel title={t.nextUpgradeCard} tone="telnet" className="bb-opt__card">
        <p className="bb-opt__maxed">{t.maxLevelReached}</p>
      </Panel>
    );
  }
  const button = startButton(status, props.telnet);
  return (
    <Panel title={t.nextUpgradeCard} tone="telnet" className="bb-opt__card">
      <dl className="bb-opt__facts">
        <div>
          <dt>{t.cost}</dt>
          <dd className="bb-telnet" data-testid="optimizer-cost">
            {formatTelnet(status.nextUpgradeCost)} TELNET
          </dd>
        </div>
        <div>
          <dt>{t.duration}</dt>
          <dd>{formatMinutes(status.nextUpgradeTime)}</dd>
        </div>
        <div>
          <dt>{t.gain}</dt>
          <dd>{t.gainValue}</dd>
        </div>
      </dl>
      <CommandButton variant="primary" bracket disabled={!button.enabled || props.starting} onClick={props.onStart} aria-describedby={button.enabled ? undefined : 'bb-opt-start-reason'}>
        {props.starting ? t.starting : button.label}
      </CommandButton>
      {!button.enabled ? (
        <p id="bb-opt-start-reason" className="bb-opt__reason" role="note">
          {button.reason}
        </p>
      ) : null}
    </Panel>
  );
}
