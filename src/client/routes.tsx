import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { GuideScreen } from './screens/guide/guide-screen';
import { LeaderboardScreen } from './screens/leaderboard/leaderboard-screen';
import { MainframeScreen } from './screens/mainframe/mainframe-screen';
import { NotFoundScreen } from './screens/not-found/not-found-screen';
import { OfflineScreen } from './screens/offline/offline-screen';
import { PingScreen } from './screens/ping/ping-screen';
import { RequireSession } from './session/require-session';
import type { MenuItem } from './shell/menu-item';
import { Shell } from './shell/shell';
import { featureAvailability } from '../core/features';
import { texts } from '../core/texts';

// Each a lazily loaded chunk: the Mainframe's first paint does not wait for them.
const InventoryScreen = lazy(() => import('./screens/inventory/inventory-screen').then((m) => ({ default: m.InventoryScreen })));
const DataExchangeScreen = lazy(() =>
  import('./screens/data-exchange/data-exchange-screen').then((m) => ({ default: m.DataExchangeScreen })),
);
const OptimizerScreen = lazy(() => import('./screens/optimizer/optimizer-screen').then((m) => ({ default: m.OptimizerScreen })));
const BlockchainScreen = lazy(() => import('./screens/blockchain/blockchain-screen').then((m) => ({ default: m.BlockchainScreen })));
const TerminalScreen = lazy(() => import('./screens/terminal/terminal-screen').then((m) => ({ default: m.TerminalScreen })));
const KernelScreen = lazy(() => import('./screens/kernel/kernel-screen').then((m) => ({ default: m.KernelScreen })));
const VirusScreen = lazy(() => import('./screens/virus/virus-screen').then((m) => ({ default: m.VirusScreen })));
const chunk = (screen: ReactNode) => (
  <Suspense fallback={<p className="bb-muted" role="status">{texts.shell.loading}</p>}>{screen}</Suspense>
);

interface AppRoute {
  path: string;
  /** The SYSTEM menu entry (spec §2). */
  label: string;
  /** The unread state that marks the entry with '!' (spec §2). */
  unread?: 'ping' | 'chat';
  screen: ReactNode;
  /** Shown above the login screen when a signed-out player opens this route (spec §2 Virus). */
  signedOutNotice?: string;
}

/**
 * spec §2's route table, the only place that knows which path shows which screen
 * (e.g. /chatroom is the terminal). The SYSTEM menu is generated from it, in this order.
 */
const appRoutes: readonly AppRoute[] = [
  // The global chat is on the Mainframe until the Terminal's chatroom lands; then TERMINAL carries 'chat' too.
  { path: '/', label: texts.shell.menu.mainframe, screen: <MainframeScreen />, unread: 'chat' },
  { path: '/leaderboard', label: texts.shell.menu.leaderboard, screen: <LeaderboardScreen /> },
  { path: '/guide', label: texts.shell.menu.guide, screen: <GuideScreen /> },
  { path: '/inventory', label: texts.shell.menu.inventory, screen: chunk(<InventoryScreen />) },
  { path: '/kernel', label: texts.shell.menu.kernel, screen: featureAvailability.kernel ? chunk(<KernelScreen />) : <OfflineScreen screen="kernel" /> },
  { path: '/optimizer', label: texts.shell.menu.optimizer, screen: chunk(<OptimizerScreen />) },
  { path: '/chatroom', label: texts.shell.menu.terminal, ...(featureAvailability.terminal ? { screen: chunk(<TerminalScreen />), unread: 'chat' as const } : { screen: <OfflineScreen screen="terminal" /> }) },
  { path: '/ping', label: texts.shell.menu.ping, screen: <PingScreen />, unread: 'ping' },
  { path: '/data-exchange', label: texts.shell.menu.dataExchange, screen: chunk(<DataExchangeScreen />) },
  {
    path: '/blockchain',
    label: texts.shell.menu.blockchain,
    screen: featureAvailability.blockchain ? chunk(<BlockchainScreen />) : <OfflineScreen screen="blockchain" />,
  },
  { path: '/virus', label: texts.shell.menu.virus, screen: chunk(<VirusScreen />), signedOutNotice: texts.virus.loginRequired },
];

const menu: readonly MenuItem[] = appRoutes.map((r) => ({ to: r.path, label: r.label, ...(r.unread ? { unread: r.unread } : {}) }));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell menu={menu} />}>
        {appRoutes.map((r) => (
          <Route key={r.path} path={r.path} element={<RequireSession signedOutNotice={r.signedOutNotice}>{r.screen}</RequireSession>} />
        ))}
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
