import { texts } from '../../../core/texts';
import { CommandButton } from '../../ui/button';
import type { PackageCardView } from './virus-model';

const t = texts.virus;

/** A single or bundle card (spec §2): what it awards, its price, the saving, and the buy command. */
export function PackageCard({ card, disabled, onBuy }: { card: PackageCardView; disabled: boolean; onBuy(): void }) {
  return (
    <article className={`bb-virus__card bb-virus__card--${card.pkg.id}`} aria-label={card.title}>
      <h3 className="bb-virus__card-title">{card.title}</h3>
      {card.saving ? <p className="bb-virus__saving">{card.saving}</p> : null}
      <p className="bb-virus__summary">{card.summary}</p>
      <p className="bb-virus__price">{card.price}</p>
      <CommandButton variant="primary" bracket disabled={disabled} onClick={onBuy} aria-label={t.buyLabel(card.title, card.price)}>
        {t.buy}
      </CommandButton>
    </article>
  );
}
