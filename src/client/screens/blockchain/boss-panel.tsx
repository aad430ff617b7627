import type { BlockchainBoss } from '../../../core/api/blockchain';
import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';
import { ProgressBar } from '../../ui/progress-bar';

const t = texts.blockchain;

/** spec §2 top-centre panel: BLOCKCHAIN LEVEL, INTEGRITY bar, CODE LENGTH, EXP COST PER GUESS. */
export function BossPanel({ boss }: { boss: BlockchainBoss }) {
  return (
    <Panel title={t.title} tone="danger" className="bb-bc__boss">
      <dl className="bb-bc__figures">
        <div>
          <dt>{t.level}</dt>
          <dd data-testid="boss-level">{boss.level}</dd>
        </div>
        <div>
          <dt>{t.codeLength}</dt>
          <dd>{boss.codeLength}</dd>
        </div>
        <div>
          <dt>{t.expCost}</dt>
          <dd data-testid="exp-cost">{boss.expCostPerGuess}</dd>
        </div>
      </dl>
      <ProgressBar label={t.integrity} value={boss.currentProgress} max={boss.maxProgress} tone="danger" />
    </Panel>
  );
}
