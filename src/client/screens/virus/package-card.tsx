import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import type { BuyCommandView, PackageCardView } from './virus-model';

const t = texts.virus;

/** A single or bundle card (spec §2): what it awards, its price, the saving, and the buy command. */
export function PackageCard({
  card,
  command,
  onBuy,
}: {
  card: PackageCardView;
  command: BuyCommandView;
  onBuy(button: HTMLButtonElement): void;
}) {
  const waiting = command.waitSeconds > 0;
  return (
    <article className={`bb-virus__card bb-virus__card--${card.pkg.id}`} aria-label={card.title}>
      <h3 className="bb-virus__card-title">{card.title}</h3>
      {card.saving ? <p className="bb-virus__saving">{card.saving}</p> : null}
      <p className="bb-virus__summary">{card.summary}</p>
      <p className="bb-virus__price">{card.price}</p>
      <CommandButton
        variant="primary"
        bracket
        disabled={command.disabled}
        aria-disabled={waiting || undefined}
        onClick={(event) => {
          if (!waiting) onBuy(event.currentTarget);
        }}
        aria-label={t.buyLabel(command.shown, card.title, card.price)}
      >
        {command.shown}
      </CommandButton>
    </article>
  );
}
