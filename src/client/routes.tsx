import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { MainframeScreen } from './screens/mainframe/mainframe-screen';
import { NotFoundScreen } from './screens/not-found/not-found-screen';
import { RequireSession } from './session/require-session';
import type { MenuItem } from './shell/menu-item';
import { RouterHomeLink, Shell } from './shell/shell';
import { consoleScreenPath, kernelArchivePath, routePaths, signedOutNotices } from './route-paths';
import { texts } from '../core/texts';

// Every screen but the Mainframe is a chunk of its own, loaded when first opened:
// the Mainframe's first paint does not wait for them. The Mainframe, where a signed-in player lands,
// comes with the game's chunk rather than one round trip after it.
const LeaderboardScreen = lazy(() =>
  import('./screens/leaderboard/leaderboard-screen').then((m) => ({ default: m.LeaderboardScreen })),
);
const GuideScreen = lazy(() => import('./screens/guide/guide-screen').then((m) => ({ default: m.GuideScreen })));
const PingScreen = lazy(() => import('./screens/ping/ping-screen').then((m) => ({ default: m.PingScreen })));
const InventoryScreen = lazy(() =>
  import('./screens/inventory/inventory-screen').then((m) => ({ default: m.InventoryScreen })),
);
const DataExchangeScreen = lazy(() =>
  import('./screens/data-exchange/data-exchange-screen').then((m) => ({ default: m.DataExchangeScreen })),
);
const OptimizerScreen = lazy(() =>
  import('./screens/optimizer/optimizer-screen').then((m) => ({ default: m.OptimizerScreen })),
);
const BlockchainScreen = lazy(() =>
  import('./screens/blockchain/blockchain-screen').then((m) => ({ default: m.BlockchainScreen })),
);
const TerminalScreen = lazy(() =>
  import('./screens/terminal/terminal-screen').then((m) => ({ default: m.TerminalScreen })),
);
const KernelScreen = lazy(() => import('./screens/kernel/kernel-screen').then((m) => ({ default: m.KernelScreen })));
const KernelArchiveScreen = lazy(() =>
  import('./screens/kernel/archive/kernel-archive-screen').then((m) => ({ default: m.KernelArchiveScreen })),
);
const SettingsScreen = lazy(() =>
  import('./screens/settings/settings-screen').then((m) => ({ default: m.SettingsScreen })),
);
// The console's chunk is fetched only when /admin is opened: nothing of it is in a player's bundle.
const AdminScreen = lazy(() => import('./screens/admin/admin-screen').then((m) => ({ default: m.AdminScreen })));
const VirusScreen = lazy(() => import('./screens/virus/virus-screen').then((m) => ({ default: m.VirusScreen })));
const chunk = (screen: ReactNode) => (
  <Suspense
    fallback={
      <p className="bb-muted" role="status">
        {texts.shell.loading}
      </p>
    }
  >
    {screen}
  </Suspense>
);

interface AppRoute {
  path: string;
  /** The SYSTEM menu entry (spec §2). */
  label: string;
  /** What the screen is for, one line under the entry. */
  hint: string;
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
  // The global chat is on the Mainframe and in the Terminal's chatroom: both entries carry its unread mark.
  {
    path: routePaths.mainframe,
    label: texts.shell.menu.mainframe,
    hint: texts.shell.menuHints.mainframe,
    screen: <MainframeScreen />,
    unread: 'chat',
  },
  {
    path: routePaths.leaderboard,
    label: texts.shell.menu.leaderboard,
    hint: texts.shell.menuHints.leaderboard,
    screen: chunk(<LeaderboardScreen />),
  },
  {
    path: routePaths.guide,
    label: texts.shell.menu.guide,
    hint: texts.shell.menuHints.guide,
    screen: chunk(<GuideScreen />),
  },
  {
    path: routePaths.inventory,
    label: texts.shell.menu.inventory,
    hint: texts.shell.menuHints.inventory,
    screen: chunk(<InventoryScreen />),
  },
  {
    path: routePaths.kernel,
    label: texts.shell.menu.kernel,
    hint: texts.shell.menuHints.kernel,
    screen: chunk(<KernelScreen />),
  },
  {
    path: routePaths.optimizer,
    label: texts.shell.menu.optimizer,
    hint: texts.shell.menuHints.optimizer,
    screen: chunk(<OptimizerScreen />),
  },
  {
    path: routePaths.terminal,
    label: texts.shell.menu.terminal,
    hint: texts.shell.menuHints.terminal,
    screen: chunk(<TerminalScreen />),
    unread: 'chat',
  },
  {
    path: routePaths.ping,
    label: texts.shell.menu.ping,
    hint: texts.shell.menuHints.ping,
    screen: chunk(<PingScreen />),
    unread: 'ping',
  },
  {
    path: routePaths.dataExchange,
    label: texts.shell.menu.dataExchange,
    hint: texts.shell.menuHints.dataExchange,
    screen: chunk(<DataExchangeScreen />),
  },
  {
    path: routePaths.blockchain,
    label: texts.shell.menu.blockchain,
    hint: texts.shell.menuHints.blockchain,
    screen: chunk(<BlockchainScreen />),
  },
  {
    path: routePaths.virus,
    label: texts.shell.menu.virus,
    hint: texts.shell.menuHints.virus,
    screen: chunk(<VirusScreen />),
    signedOutNotice: signedOutNotices[routePaths.virus],
  },
  {
    path: routePaths.settings,
    label: texts.shell.menu.settings,
    hint: texts.shell.menuHints.settings,
    screen: chunk(<SettingsScreen />),
  },
];

const menu: readonly MenuItem[] = appRoutes.map((r) => ({
  to: r.path,
  label: r.label,
  hint: r.hint,
  ...(r.unread ? { unread: r.unread } : {}),
}));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell menu={menu} />}>
        {appRoutes.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={<RequireSession signedOutNotice={r.signedOutNotice}>{r.screen}</RequireSession>}
          />
        ))}
        <Route path={kernelArchivePath} element={<RequireSession>{chunk(<KernelArchiveScreen />)}</RequireSession>} />
        <Route path={consoleScreenPath} element={<RequireSession>{chunk(<AdminScreen />)}</RequireSession>} />
        <Route path="*" element={<NotFoundScreen HomeLink={RouterHomeLink} />} />
      </Route>
    </Routes>
  );
}
