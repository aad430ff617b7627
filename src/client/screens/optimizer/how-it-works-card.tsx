import { optimizerUpgradeTable } from '../../../core/rules/optimizer';
import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';
import { formatMinutes, formatRate } from './optimizer-model';
import { formatTelnet } from '../../lib/format-telnet';

const t = texts.optimizer;

/** spec §2 how-it-works card, with the one cost/time table (src/core/balance.ts → rules/optimizer.ts). */
export function HowItWorksCard({ currentLevel }: { currentLevel: number }) {
  return (
    <Panel title={t.howItWorksCard} className="bb-opt__card bb-opt__how">
      <ul className="bb-opt__how-list">
        {t.howItWorks.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="bb-opt__table-wrap" tabIndex={0} role="region" aria-label={t.tableCaption}>
        <table className="bb-opt__table">
          <caption className="bb-visually-hidden">{t.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.tableLevel}</th>
              <th scope="col">{t.tableCost}</th>
              <th scope="col">{t.tableTime}</th>
              <th scope="col">{t.tableRate}</th>
            </tr>
          </thead>
          <tbody>
            {optimizerUpgradeTable.map((row) => (
              <tr key={row.fromLevel} className={row.fromLevel === currentLevel ? 'bb-opt__row--next' : undefined}>
                <td>
                  {row.fromLevel} → {row.fromLevel + 1}
                </td>
                <td className="bb-telnet">{formatTelnet(row.costTelnet)}</td>
                <td>{formatMinutes(row.durationMinutes)}</td>
                <td>{formatRate(row.connectionRatePct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
