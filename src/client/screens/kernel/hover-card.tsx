import { useRef } from 'react';
import { bitPrice, type BitCoord } from '../../../core/rules/kernel';
import { fillText, texts } from '../../../core/texts';
import { PlayerActions } from '../../safety/player-actions';
import { useSession } from '../../session/session-context';
import { useBitInfo } from './use-kernel';
import { useValue, type ValueStore } from './value-store';
import { formatTelnet } from '../../lib/format-telnet';

const k = texts.kernel;

/** Reports point at the aligned block around a bit, so reports of one drawing count together (ADR 056). */
const reportBlock = 16;

function OwnerActions({ bit, username }: { bit: BitCoord; username: string }) {
  const x0 = bit.x - (bit.x % reportBlock);
  const y0 = bit.y - (bit.y % reportBlock);
  const region = { kind: 'region', x0, y0, x1: x0 + reportBlock - 1, y1: y0 + reportBlock - 1 } as const;
  return (
    <PlayerActions
      username={username}
      target={region}
      what={fillText(texts.safety.reportWhat.region, { ref: `${x0},${y0}–${region.x1},${region.y1}` })}
    />
  );
}

/** The bit under the pointer (or the keyboard cursor, or a long press, or the last one pointed at): coordinates, price, owner. */
export function HoverCard({ hover }: { hover: ValueStore<BitCoord | null> }) {
  const pointed = useValue(hover);
  // The card keeps the last bit pointed at when the mouse leaves the canvas, so its owner's ⋮ can be reached (ADR 056).
  const last = useRef<BitCoord | null>(null);
  if (pointed) last.current = pointed;
  const bit = pointed ?? last.current;
  const meId = useSession().user?.id ?? null;
  const info = useBitInfo(bit);
  if (!bit) return <p className="bb-kernel__hover bb-muted">{k.help[0]}</p>;
  const owner = info.data?.owner;
  return (
    <p className="bb-kernel__hover" aria-live="polite" data-testid="kernel-hover">
      <span className="bb-kernel__coords">
        ({bit.x}, {bit.y})
      </span>
      <span className="bb-telnet">{fillText(k.hoverPrice, { price: formatTelnet(bitPrice(bit.x, bit.y)) })}</span>
      <span className={owner ? 'bb-kernel__owner' : 'bb-kernel__free'}>
        {info.isPending ? k.hoverLoading : owner ? fillText(k.hoverOwner, { name: owner.username }) : k.hoverFree}
      </span>
      {owner && owner.id !== meId ? <OwnerActions bit={bit} username={owner.username} /> : null}
    </p>
  );
}
