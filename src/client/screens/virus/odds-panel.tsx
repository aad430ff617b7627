import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';
import { oddsRows } from './virus-model';

const t = texts.virus;

/** spec §2/§9 drop-rate table, from the balance weights the server rolls with. */
export function OddsPanel() {
  const rows = oddsRows();
  return (
    <Panel title={t.dropRatesPanel} className="bb-virus__odds">
      <p className="bb-virus__caption">{t.dropRatesCaption}</p>
      <table className="bb-virus__table">
        <thead>
          <tr>
            <th scope="col">{t.coreType}</th>
            <th scope="col">{t.chance}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className={`bb-virus__tier bb-virus__tier--${r.coreTypeId}`}>
              <th scope="row">{r.name}</th>
              <td>
                <span className="bb-virus__bar" style={{ width: r.percent }} aria-hidden="true" />
                <span className="bb-virus__pct">{r.percent}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
