import type { DropSummary } from './drop-summary';
import './drop-toast-body.css';
import { texts } from '../../core/texts';

/** The list of drops in a toast: each gear name in its rarity colour, then the cores. */
export function DropToastBody({ summary }: { summary: DropSummary }) {
  if (summary.gear.length === 0 && summary.cores.length === 0) return null;
  return (
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
  );
}
