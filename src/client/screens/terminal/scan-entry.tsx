import type { ScanResult } from '../../../core/api/filesystem';
import { terminalTexts as t } from '../../../core/texts/terminal';

/** scan's answer (ADR 067): who is open now, then the protected with the reason, nearest in level first. */
export function ScanEntry({ scan }: { scan: ScanResult }) {
  if (scan.targets.length === 0) return <p className="bb-term-row bb-term--muted">{t.scanEmpty}</p>;
  return (
    <div className="bb-term-row">
      <p className="bb-term--muted">{t.scanHeader(scan.level)}</p>
      <ul className="bb-term-table" aria-label="Scan">
        {scan.targets.map((target) => (
          <li key={target.username}>
            <span
              className={target.protection === null ? 'bb-term--ok' : 'bb-term--muted'}
            >{`${target.username} · lvl ${target.level}`}</span>
            <span className={target.protection === null ? 'bb-term--ok' : 'bb-term--muted'}>
              {target.protection === null ? t.scanOpen : t.scanProtections[target.protection]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
