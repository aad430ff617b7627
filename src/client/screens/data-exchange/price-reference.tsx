import { itemTexts } from '../../../core/texts';

/** "MARKET PRICE: LOWEST 120 · AVG OF LAST 10 SALES 115" on a card or in a dialog; nothing while unknown. */
export function PriceReference({ line, className }: { line: string | null; className: string }) {
  if (!line) return null;
  return (
    <span className={className}>
      {itemTexts.priceReference}: {line}
    </span>
  );
}
