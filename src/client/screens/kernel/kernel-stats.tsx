import type { PlayerColor } from '../../../core/api/kernel';
import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import { useValue, type ValueStore } from './value-store';

const k = texts.kernel;

/** spec §2: bits claimed, the player's colour and the Telnet balance. */
export function KernelStats({ claimed, color, telnet, onChangeColor }: { claimed: ValueStore<number>; color: PlayerColor | undefined; telnet: number; onChangeColor(): void }) {
  const bits = useValue(claimed);
  const has = color && color.colorR !== null && color.colorG !== null && color.colorB !== null;
  return (
    <dl className="bb-kernel__stats">
      <div>
        <dt>{k.bitsClaimed}</dt>
        <dd data-testid="kernel-claimed">{bits.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt>{k.yourColor}</dt>
        <dd className="bb-kernel__color">
          {has ? <span className="bb-kernel__swatch" style={{ background: `rgb(${color.colorR}, ${color.colorG}, ${color.colorB})` }} aria-hidden="true" /> : null}
          <span>{has ? `${color.colorR}, ${color.colorG}, ${color.colorB}` : k.noColor}</span>
          <CommandButton size="small" variant="link" onClick={onChangeColor}>
            {k.changeColor}
          </CommandButton>
        </dd>
      </div>
      <div>
        <dt>{k.telnet}</dt>
        <dd className="bb-telnet">{telnet.toLocaleString('en-US')}</dd>
      </div>
    </dl>
  );
}
