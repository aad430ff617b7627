import type { DroneRewardSummary } from '../../core/api/drone';
import { gearStatLabel } from '../../core/rules/gear-stats';
import { texts } from '../../core/texts';
import { CommandButton } from '../ui/button';
import { Modal } from '../ui/modal';
import './harvest-dialog.css';
import { formatTelnetGain } from '../lib/format-telnet';

const t = texts.optimizer;

/** spec §2 'Drone harvest complete': experience, clicks, the level-up banner, gear, cores and the total. */
export function HarvestDialog({ summary, onClose }: { summary: DroneRewardSummary | null; onClose(): void }) {
  return (
    <Modal
      open={summary !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t.harvestTitle}
      tone="telnet"
      actions={
        <CommandButton variant="primary" bracket onClick={onClose}>
          {t.harvestClose}
        </CommandButton>
      }
    >
      {summary ? <HarvestBody s={summary} /> : null}
    </Modal>
  );
}

function HarvestBody({ s }: { s: DroneRewardSummary }) {
  return (
    <div className="bb-harvest">
      {s.levelsGained > 0 ? (
        <p className="bb-harvest__levelup" role="status">
          <span className="bb-harvest__levelup-title">{t.harvestLevelUp}</span>
          <span className="bb-harvest__levels">
            LV.{s.oldLevel} → LV.{s.newLevel}
          </span>
          {s.levelsGained > 1 ? (
            <span className="bb-harvest__gained">{t.harvestLevelsGained(s.levelsGained)}</span>
          ) : null}
        </p>
      ) : null}
      <dl className="bb-harvest__figures">
        <div>
          <dt>{t.harvestExperience}</dt>
          <dd data-testid="harvest-experience">+{s.experience}</dd>
        </div>
        <div>
          <dt>{t.harvestClicks}</dt>
          <dd data-testid="harvest-clicks">{s.clicks}</dd>
        </div>
        <div>
          <dt>{t.harvestTelnet}</dt>
          <dd className="bb-telnet">{formatTelnetGain(s.telnetEarned)}</dd>
        </div>
        <div>
          <dt>{t.harvestTotalItems}</dt>
          <dd data-testid="harvest-total">{s.totalDrops}</dd>
        </div>
      </dl>
      {s.gearDrops.length > 0 ? (
        <section aria-label={t.harvestGear}>
          <h3 className="bb-harvest__heading">{t.harvestGear}</h3>
          <ul className="bb-harvest__list">
            {s.gearDrops.map((g) => (
              <li key={g.id} className={`bb-harvest__gear bb-harvest__gear--${g.rarity}`}>
                <span className="bb-harvest__name">{g.name}</span>
                <span className="bb-harvest__meta">
                  LV.{g.level} · {g.rarity.toUpperCase()} · {gearStatLabel(g)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {s.telnetCoreDrops.length > 0 ? (
        <section aria-label={t.harvestCores}>
          <h3 className="bb-harvest__heading">{t.harvestCores}</h3>
          <ul className="bb-harvest__list">
            {s.telnetCoreDrops.map((c) => (
              <li key={c.id} className="bb-harvest__core">
                <span className="bb-harvest__name">{c.name}</span>
                <span className="bb-harvest__meta">{c.type}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {s.lostDrops > 0 ? <p className="bb-harvest__lost">{t.harvestLost(s.lostDrops)}</p> : null}
    </div>
  );
}
