import { bitPrice, type BitCoord } from '../../../core/rules/kernel';
import { fillText, texts } from '../../../core/texts';
import { useBitInfo } from './use-kernel';
import { useValue, type ValueStore } from './value-store';

const k = texts.kernel;

/** The bit under the pointer (or the keyboard cursor, or a long press): coordinates, price, owner. */
export function HoverCard({ hover }: { hover: ValueStore<BitCoord | null> }) {
  const bit = useValue(hover);
  const info = useBitInfo(bit);
  if (!bit) return <p className="bb-kernel__hover bb-muted">{k.help[0]}</p>;
  const owner = info.data?.owner;
  return (
    <p className="bb-kernel__hover" aria-live="polite" data-testid="kernel-hover">
      <span className="bb-kernel__coords">
        ({bit.x}, {bit.y})
      </span>
      <span className="bb-telnet">{fillText(k.hoverPrice, { price: bitPrice(bit.x, bit.y) })}</span>
      <span className={owner ? 'bb-kernel__owner' : 'bb-kernel__free'}>
        {info.isPending ? k.hoverLoading : owner ? fillText(k.hoverOwner, { name: owner.username }) : k.hoverFree}
      </span>
    </p>
  );
}
