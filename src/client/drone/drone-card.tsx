import { useState } from 'react';
import type { DroneStatus } from '../../core/api/drone';
import { texts } from '../../core/texts';
import { CommandButton } from '../ui/button';
import { Panel } from '../ui/panel';
import { ProgressBar } from '../ui/progress-bar';
import { TextField } from '../ui/text-field';

const t = texts.optimizer;

/** The Drone (spec §1, the Kernel guide's Drone section): spend Telnet on auto-clicks the server runs. */
export function DroneCard(props: {
  status: DroneStatus | undefined;
  telnet: number;
  buying: boolean;
  onBuy(telnet: number): void;
}) {
  const [amount, setAmount] = useState('25');
  const value = Number(amount);
  const valid = /^\d+$/.test(amount) && value >= 1;
  const active = props.status?.isActive ?? false;
  const error =
    amount !== '' && !valid ? t.requirementsNotMet : valid && value > props.telnet ? t.notEnoughTelnet : null;
  return (
    <Panel title={t.droneCard} className="bb-opt__card bb-opt__drone">
      <p className="bb-opt__help">{t.droneHelp}</p>
      {active && props.status ? (
        <ProgressBar
          label={t.droneActive(props.status.clicksDone, props.status.clicksTotal)}
          value={props.status.clicksDone}
          max={props.status.clicksTotal}
          tone="accent"
        />
      ) : (
        <p className="bb-opt__muted">{t.droneIdle}</p>
      )}
      <form
        className="bb-opt__drone-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid && !error && !active) props.onBuy(value);
        }}
      >
        <TextField
          label={t.droneTelnetLabel}
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value.trim())}
          error={error}
          disabled={active}
        />
        <CommandButton
          type="submit"
          variant="primary"
          bracket
          disabled={active || !valid || error !== null || props.buying}
        >
          {props.buying ? t.droneBuying : t.droneBuy}
        </CommandButton>
      </form>
    </Panel>
  );
}
