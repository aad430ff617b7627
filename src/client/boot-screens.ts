import { blockchainTexts } from '../core/texts/blockchain';
import { guideTexts } from '../core/texts/guide';
import { kernelTexts } from '../core/texts/kernel';
import { leaderboardTexts } from '../core/texts/leaderboard';
import { mainframeTexts } from '../core/texts/mainframe';
import { optimizerTexts } from '../core/texts/optimizer';
import { pingTexts } from '../core/texts/ping';
import { settingsTexts } from '../core/texts/settings';
import { virusTexts } from '../core/texts/virus';
import { routePaths } from './route-paths';

export interface BootScreen {
  /** The screen header's title, as the screen will show it. */
  title: string;
  /** The screen's lazily loaded module (routes.tsx), under src/client, or null when it is in the game chunk. */
  module: string | null;
}

/**
 * What a returning player's first paint shows at each screen's path and what it preloads (ADR 076): the
 * build writes one page per entry (scripts/signed-in-shell.ts), so the largest thing painted from the HTML
 * alone is already the screen's title, and the screen's own code is fetched beside the entry. Inventory's
 * count and every tagline need the player's data and arrive with the screen. The build fails if a module
 * named here is not a chunk of its own.
 */
export const bootScreens: Readonly<Record<string, BootScreen>> = {
  [routePaths.mainframe]: { title: mainframeTexts.title, module: null },
  [routePaths.leaderboard]: { title: leaderboardTexts.title, module: 'screens/leaderboard/leaderboard-screen.tsx' },
  [routePaths.guide]: { title: guideTexts.title, module: 'screens/guide/guide-screen.tsx' },
  [routePaths.inventory]: { title: 'Inventory', module: 'screens/inventory/inventory-screen.tsx' },
  [routePaths.kernel]: { title: kernelTexts.title, module: 'screens/kernel/kernel-screen.tsx' },
  [routePaths.optimizer]: { title: optimizerTexts.title, module: 'screens/optimizer/optimizer-screen.tsx' },
  [routePaths.terminal]: { title: 'TERMINAL', module: 'screens/terminal/terminal-screen.tsx' },
  [routePaths.ping]: { title: pingTexts.title, module: 'screens/ping/ping-screen.tsx' },
  [routePaths.dataExchange]: { title: 'DATA EXCHANGE', module: 'screens/data-exchange/data-exchange-screen.tsx' },
  [routePaths.blockchain]: { title: blockchainTexts.title, module: 'screens/blockchain/blockchain-screen.tsx' },
  [routePaths.virus]: { title: virusTexts.title, module: 'screens/virus/virus-screen.tsx' },
  [routePaths.settings]: { title: settingsTexts.title, module: 'screens/settings/settings-screen.tsx' },
};
