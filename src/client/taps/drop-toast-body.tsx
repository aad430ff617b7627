import type { MouseEvent } from 'react';
import type { DropSummary } from './drop-summary';
import './drop-toast-body.css';
import { itemTexts, texts } from '../../core/texts';

/**
 * The list of drops in a toast: each gear name in its rarity colour, then the cores. With
 * `onOpenInventory` (the full-inventory warning) it ends with a link to the inventory.
 */
export function DropToastBody({ summary, onOpenInventory }: { summary: DropSummary; onOpenInventory?: () => void }) {
  const hasDrops = summary.gear.length > 0 || summary.cores.length > 0;
  if (!hasDrops && !onOpenInventory) return null;
  const open = (e: MouseEvent) => {
    e.preventDefault();
    onOpenInventory?.();
  };
  return (
    <>
      {hasDrops ? (
        <ul className="bb-drops">
          {summary.gear.map((g, i) => (
            <li key={`g${i}`} className={`rarity-${g.rarity}`}>
              {texts.mainframe.gearDropLine(g.name, g.rarity)}
            </li>
          ))}
          {summary.cores.map((c, i) => (
            <li key={`c${i}`} className="bb-drops__core">
              {texts.mainframe.coreDropLine(c.name)}
            </li>
          ))}
        </ul>
      ) : null}
      {onOpenInventory ? (
        // The toast region sits outside the router, so the link navigates through the callback.
        <a className="bb-drops__link" href="/inventory" onClick={open}>
          {itemTexts.goToInventory}
        </a>
      ) : null}
    </>
  );
}
