import { useState } from 'react';
import { consoleTexts } from '../../../core/texts/console';
import { ApiError } from '../../lib/api-error';
import { RouterHomeLink } from '../../shell/shell';
import { ScreenHeader } from '../../ui/screen-header';
import { Tabs } from '../../ui/tabs';
import { NotFoundScreen } from '../not-found/not-found-screen';
import { AuditTab } from './audit-tab';
import { PlayersTab } from './players-tab';
import { ReportsTab } from './reports-tab';
import { useConsoleMe } from './use-console';
import './admin-screen.css';

type ConsoleTab = keyof typeof consoleTexts.tabs;
const tabKeys: readonly ConsoleTab[] = ['reports', 'players', 'audit'];
const panels: Record<ConsoleTab, () => React.JSX.Element> = {
  reports: ReportsTab,
  players: PlayersTab,
  audit: AuditTab,
};

/**
 * /admin, the moderator console (ADR 058). It asks the server who is here first: a player gets the same
 * 404 screen as any unknown path, as the console's routes answer them 404.
 */
export function AdminScreen() {
  const me = useConsoleMe();
  const [tab, setTab] = useState<ConsoleTab>('reports');
  if (me.error instanceof ApiError && me.error.status === 404) return <NotFoundScreen HomeLink={RouterHomeLink} />;
  if (!me.data)
    return (
      <p className="bb-muted" role="status">
        …
      </p>
    );
  const Panel = panels[tab];
  return (
    <div className="bb-console">
      <ScreenHeader title={consoleTexts.title} tagline={`${me.data.username} // ${me.data.role.toUpperCase()}`} />
      <Tabs<ConsoleTab>
        label={consoleTexts.title}
        idPrefix="bb-console"
        items={tabKeys.map((key) => ({ key, label: consoleTexts.tabs[key], panelId: `bb-console-panel-${key}` }))}
        selected={tab}
        onSelect={setTab}
      />
      <div
        role="tabpanel"
        id={`bb-console-panel-${tab}`}
        aria-labelledby={`bb-console-tab-${tab}`}
        className="bb-console__panel"
      >
        <Panel />
      </div>
    </div>
  );
}
