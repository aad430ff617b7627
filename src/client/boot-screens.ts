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

/**
 * The heading a returning player's first paint shows at each screen's path, as the screen's own
 * header will show it (ADR 076): the build writes one page per entry (scripts/signed-in-shell.ts), so
 * the largest thing painted from the HTML alone is already the screen's title. Inventory's count and
 * every tagline need the player's data and arrive with the screen.
 */
export const bootScreenTitles: Readonly<Record<string, string>> = {
  [routePaths.mainframe]: mainframeTexts.title,
  [routePaths.leaderboard]: leaderboardTexts.title,
  [routePaths.guide]: guideTexts.title,
  [routePaths.inventory]: 'Inventory',
  [routePaths.kernel]: kernelTexts.title,
  [routePaths.optimizer]: optimizerTexts.title,
  [routePaths.terminal]: 'TERMINAL',
  [routePaths.ping]: pingTexts.title,
  [routePaths.dataExchange]: 'DATA EXCHANGE',
  [routePaths.blockchain]: blockchainTexts.title,
  [routePaths.virus]: virusTexts.title,
  [routePaths.settings]: settingsTexts.title,
};
