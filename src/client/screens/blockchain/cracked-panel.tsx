import { useEffect, useState } from 'react';
import type { LastDefeated } from '../../../core/api/blockchain';
import { formatCountdown } from '../../../core/rules/blockchain';
import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';
import { formatTelnetGain } from '../../lib/format-telnet';

const t = texts.blockchain;

function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(id);
  }, [tickMs]);
  return now;
}

function WinnerCard({
  title,
  username,
  blacklisted,
  reward,
  damage,
}: {
  title: string;
  username: string;
  blacklisted: boolean;
  reward: number;
  damage?: number;
}) {
  return (
    <article className="bb-bc__winner" aria-label={title}>
      <h3 className="bb-bc__winner-title">{title}</h3>
      <p className="bb-bc__winner-name">{username}</p>
      {blacklisted ? (
        <p className="bb-bc__blacklisted">{t.blacklisted}</p>
      ) : (
        <p className="bb-telnet">{formatTelnetGain(reward)} TELNET</p>
      )}
      {damage !== undefined ? (
        <p className="bb-muted">
          {t.damageLabel} {damage}
        </p>
      ) : null}
    </article>
  );
}

/** spec §2 defeated state: BLOCKCHAIN CRACKED, the 1 s countdown (or 'Spawning soon...'), LAST HIT and MOST DAMAGE. */
export function CrackedPanel({ last }: { last: LastDefeated }) {
  const now = useNow(1000);
  const left = formatCountdown(Date.parse(last.nextSpawnAt) - now);
  return (
    <Panel title={t.cracked} tone="danger" className="bb-bc__cracked">
      <p className="bb-bc__cracked-title">{t.cracked}</p>
      <p className="bb-bc__countdown" aria-live="off">
        {left ? (
          <>
            {t.nextSpawnIn} <span data-testid="countdown">{left}</span>
          </>
        ) : (
          t.spawningSoon
        )}
      </p>
      <p className="bb-muted bb-bc__cracked-level">
        {t.lastBossLevel} {last.level}
      </p>
      <div className="bb-bc__winners">
        <WinnerCard
          title={t.lastHit}
          username={last.lastHitterUsername}
          blacklisted={last.lastHitterBlacklisted}
          reward={last.lastHitterReward}
        />
        <WinnerCard
          title={t.mostDamage}
          username={last.mostDamageUsername}
          blacklisted={last.mostDamageBlacklisted}
          reward={last.mostDamageReward}
          damage={last.mostDamageAmount}
        />
      </div>
    </Panel>
  );
}
