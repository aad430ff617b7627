import { useState } from 'react';
import { itemTexts } from '../../../core/texts';
import { useSession } from '../../session/session-context';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { Tabs } from '../../ui/tabs';
import { exchangeTabs, type ExchangeTab } from './data-exchange-model';
import { MarketplacePanel } from './marketplace-panel';
import { MyListingsPanel } from './my-listings-panel';
import { SellPanel } from './sell-panel';
import { useMarketActions } from './use-market-actions';
import './data-exchange-screen.css';
import { formatTelnet } from '../../lib/format-telnet';

const panelId = 'bb-dx-panel';

/** spec §2 Data Exchange: MARKETPLACE, MY LISTINGS and SELL ITEMS. */
export function DataExchangeScreen() {
  const { user } = useSession();
  const actions = useMarketActions();
  const [tab, setTab] = useState<ExchangeTab>('marketplace');
  const me = { id: user?.id ?? 0, telnet: user?.telnet ?? 0, level: user?.level ?? 1 };
  const current = exchangeTabs.find((t) => t.key === tab)!;

  return (
    <div className="bb-dx">
      <ScreenHeader title="DATA EXCHANGE" tagline="gear and cores for Telnet, escrowed by the mainframe">
        <p className="bb-dx__balance">
          TELNET <span className="bb-telnet">{formatTelnet(me.telnet)}</span>
        </p>
      </ScreenHeader>
      <Tabs<ExchangeTab>
        label="Data Exchange"
        items={exchangeTabs.map((t) => ({ ...t, panelId }))}
        selected={tab}
        onSelect={setTab}
        idPrefix="bb-dx"
      />
      <Panel
        title={current.label}
        tone={tab === 'sell' ? 'telnet' : 'default'}
        className="bb-dx__panel"
        id={panelId}
        role="tabpanel"
        aria-labelledby={`bb-dx-tab-${tab}`}
      >
        {tab === 'marketplace' ? <MarketplacePanel me={me} actions={actions} /> : null}
        {tab === 'my-listings' ? <MyListingsPanel me={me} actions={actions} /> : null}
        {tab === 'sell' ? <SellPanel actions={actions} /> : null}
      </Panel>
      <p className="bb-dx__rules">{itemTexts.priceHint}</p>
    </div>
  );
}
