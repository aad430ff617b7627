import { texts } from '../../../core/texts';
import { useId, useState } from 'react';
import type { User } from '../../../core/api/common';
import { CommandButton } from '../../ui/button';
import { Panel } from '../../ui/panel';
import { ProgressBar } from '../../ui/progress-bar';
import { formatPercent } from './stats-format';
import { syncLine, useSync } from './use-sync';
import './stats-panel.css';
import { formatTelnet } from '../../lib/format-telnet';

export interface StatsPanelProps {
  user: User;
  /** Fetches the stats again; resolves true when the server answered. */
  onRefresh(): Promise<boolean>;
  /** Phones: the combat stats fold away behind a STATS/HIDE toggle (ui.md). */
  collapsible?: boolean;
}

/** The player's stats (spec §2); clicking the panel refreshes the user from the server. */
export function StatsPanel({ user, onRefresh, collapsible = false }: StatsPanelProps) {
  const [expanded, setExpanded] = useState(!collapsible);
  const moreId = useId();
  const { state: syncState, sync } = useSync(onRefresh);
  const line = syncLine(syncState);
  return (
    <Panel
      title={texts.mainframe.stats.title}
      className={`bb-stats ${collapsible ? 'bb-stats--compact' : ''}`}
      onClick={sync}
      actions={
        <>
          {collapsible ? (
            <CommandButton
              size="small"
              aria-expanded={expanded}
              aria-controls={moreId}
              onClick={(e) => {
                e.stopPropagation();
                setExpanded((x) => !x);
              }}
            >
              {expanded ? texts.mainframe.stats.hide : texts.mainframe.stats.show}
            </CommandButton>
          ) : null}
          {/* Named by its visible label alone (WCAG 2.5.3): an aria-label 'Refresh stats' hid 'SYNC'. */}
          <CommandButton
            size="small"
            aria-busy={syncState.kind === 'syncing' || undefined}
            onClick={(e) => {
              e.stopPropagation();
              sync();
            }}
          >
            {syncState.kind === 'syncing' ? texts.mainframe.stats.syncing : texts.mainframe.stats.sync}
          </CommandButton>
        </>
      }
    >
      <div className="bb-stats__head">
        <p className="bb-stats__name" title={user.username}>
          {user.username}
        </p>
        <p className="bb-stats__level">
          {texts.mainframe.stats.level} <span data-testid="level">{user.level}</span>
        </p>
      </div>
      <ProgressBar label={texts.mainframe.stats.exp} value={user.currentExp} max={user.maxExp} />
      <dl className="bb-stats__grid">
        <Stat label={texts.mainframe.stats.decodes} testId="decodes" value={user.totalTaps.toLocaleString('en-US')} />
        <Stat label={texts.mainframe.stats.telnet} testId="telnet" value={formatTelnet(user.telnet)} tone="telnet" />
      </dl>
      <dl id={moreId} className="bb-stats__grid bb-stats__grid--more" hidden={!expanded}>
        <Stat label={texts.mainframe.stats.attack} value={String(user.attack)} />
        <Stat label={texts.mainframe.stats.criticalRate} value={formatPercent(user.criticalRate, 1)} />
        <Stat label={texts.mainframe.stats.bonusCritical} value={formatPercent(user.bonusCriticalHit, 0)} />
        <Stat label={texts.mainframe.stats.connectionRate} value={formatPercent(user.connectionRate, 0)} />
      </dl>
      <p className={`bb-stats__sync bb-stats__sync--${syncState.kind}`} role="status" data-testid="sync-status">
        {line}
      </p>
    </Panel>
  );
}

function Stat({ label, value, testId, tone }: { label: string; value: string; testId?: string; tone?: 'telnet' }) {
  return (
    <div className={`bb-stat ${tone ? `bb-stat--${tone}` : ''}`}>
      <dt className="bb-stat__label">{label}</dt>
      <dd className="bb-stat__value" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
