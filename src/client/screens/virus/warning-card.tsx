import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';

const t = texts.virus;

/** spec §2 warning card: real money, random cores, what a refund takes back. */
export function WarningCard({ limit }: { limit: string | null }) {
  return (
    <Panel title={t.warningTitle} tone="danger" className="bb-virus__warning">
      <ul className="bb-virus__warning-list">
        {t.warningBody.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {limit ? <li>{limit}</li> : null}
      </ul>
    </Panel>
  );
}
