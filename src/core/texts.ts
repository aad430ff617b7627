import { accountTexts } from './texts/account';
import { apiKeyTexts } from './texts/api-keys';
import { activityTexts } from './texts/activity';
import { authTexts } from './texts/auth';
import { blockchainTexts } from './texts/blockchain';
import { chatTexts } from './texts/chat';
import { guideTexts } from './texts/guide';
import { kernelTexts } from './texts/kernel';
import { leaderboardTexts } from './texts/leaderboard';
import { mainframeTexts } from './texts/mainframe';
import { missionBriefings } from './texts/mission-briefings';
import { missionPanelTexts } from './texts/missions';
import { optimizerTexts } from './texts/optimizer';
import { pingTexts } from './texts/ping';
import { safetyTexts } from './texts/safety';
import { settingsTexts } from './texts/settings';
import { shellTexts } from './texts/shell';
import { terminalTexts } from './texts/terminal';
import { virusTexts } from './texts/virus';

/**
 * Every player-visible text, once. Screens, server errors and tests import these. The flat keys are
 * the spec's quoted texts and server answers; each screen's own labels are grouped under its name
 * (`texts.chat.send`), kept in src/core/texts/<screen>.ts.
 */
export const texts = {
  auth: authTexts,
  apiKeys: apiKeyTexts,
  shell: shellTexts,
  activity: activityTexts,
  mainframe: mainframeTexts,
  chat: chatTexts,
  missions: missionPanelTexts,
  missionBriefings,
  ping: pingTexts,
  leaderboard: leaderboardTexts,
  kernel: kernelTexts,
  guide: guideTexts,
  optimizer: optimizerTexts,
  blockchain: blockchainTexts,
  terminal: terminalTexts,
  virus: virusTexts,
  settings: settingsTexts,
  safety: safetyTexts,

  // The account texts the login screen needs, kept apart so its first load carries only them (ADR 040).
  ...accountTexts,

  // §8 gameplay
  inventoryFull:
    'Inventory Full! Your inventory is full (50/50). Item drop was lost. Destroy some items to make space.',
  chatSendFailed: 'Failed to send message. Please try again.',
  verificationRequired: 'Verification Required: Please complete the verification first.',

  // §2 leaderboard
  noPlayersFound: 'No players found',

  // Our own server texts (the spec leaves them open)
  notSignedIn: 'Not signed in',
  csrfInvalid: 'Security token missing or invalid. Refresh and try again.',
  tooManyLoginAttempts: 'Too many login attempts. Wait a few minutes and try again.',
  tooManyRegistrations: 'Too many accounts created from this address. Wait an hour and try again.',
  tooManySocketUpgrades: 'Too many connections from this address. Wait a minute and try again.',
  tooManySockets: 'Too many open connections for this session. Close a tab and try again.',
  controlCharacters: 'Control characters (NUL, line breaks, bidi overrides) are not allowed',
  wholeNumberExpected: 'Expected a whole number.',
  usernameInvisible: 'Invalid username: invisible, format or bidi characters and stacked marks are not allowed',
  usernameReserved: 'Invalid username: reserved by the system (a terminal command, a screen or the developer)',
  tapRateExceeded: 'Decode rate too high. Slow down, operator.',
  secureDataMalformed: 'Malformed secureData payload',
  bodyTooLarge: 'Request body too large',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  serverError: 'Internal server error',
  valueRefused: 'Invalid request: a value in it cannot be stored',
  idempotencyKeyMissing: 'Missing Idempotency-Key header: send one key per action',
  idempotencyKeyMalformed: 'Malformed Idempotency-Key header: 8-64 letters, digits, - or _',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request: send a new key per action',
  serverBusy: 'The server is busy: nothing was done. Retry after the time in Retry-After.',
  outcomeUnknown:
    'Connection to the database lost while saving: the result is unknown. Retry the same action; it will not be applied twice.',

  // §5 private chat (spec texts)
  pingMissingUsername: 'error: missing username',
  pingSelf: 'cannot initiate chat with yourself',

  // Our own texts for chat, Ping, missions and the socket (the spec leaves them open)
  messageEmpty: 'Message is empty',
  messageTooLong: 'Message too long: 500 characters at most',
  messageRateLimited: 'Too many messages: at most 5 every 10 seconds. Wait a moment, operator.',
  messageRepeated: 'Same line twice in a row. Say something new, operator.',
  pingUserNotFound: 'user not found',
  missionRequirementsNotMet: 'Mission requirements not met',
  socketOriginRefused: 'WebSocket connection from a foreign origin refused',

  // §8 terminal: an unknown command ({cmd} is the word typed); Ping's command line answers the same way
  commandNotFound: "command not found: {cmd}. type 'help' for available commands",
  // --- newcomer: per-field messages on the auth forms and the coming-soon screens ---
  // --- end newcomer ---
} as const;

export type TextKey = keyof typeof texts;

// ───────────────────────────────────────────────────────────────────────────────────────────────
// Inventory, gear, Telnet Cores and the Data Exchange. One block, kept together.
// Spec texts are quoted verbatim (§2, §5, §8); the rest are ours. {x} marks a value: use fillText.
// ───────────────────────────────────────────────────────────────────────────────────────────────
export const itemTexts = {
  // §2 inventory screen
  inventoryTitle: 'Inventory ({n}/{max} items)',
  noGearYet: 'No Gear Yet',
  noTypeFound: 'No {type}s Found',
  slotEmpty: 'NO_{slot}_EQUIPPED',
  reqLevel: 'Req Lv.{n}',
  readyToOpen: 'Ready to open',
  destroyAll: 'Destroy All',
  cancel: 'Cancel',
  // §5 equip rule (a toast title and its text)
  levelTooLow: 'Level Too Low',
  levelTooLowBody: 'You need to be level {n} to equip this gear',
  // §8 toasts for gear and cores
  equipFailed: 'Failed to equip gear',
  destroyGearFailed: 'Failed to destroy gear',
  destroySomeFailed: 'Failed to destroy some items',
  destroyCoreFailed: 'Failed to destroy telnet core',
  activateCoreFailed: 'Failed to activate telnet core',
  coreOpenFailed: 'Connection Failed: The telnet core connection was unsuccessful. Core destroyed.',
  coreOpenSucceeded: 'Connection Successful! You received {n} Telnet!',
  // §2 Data Exchange, §5 price rule and own listings, §8 market toasts
  marketplaceTab: 'MARKETPLACE',
  myListingsTab: 'MY LISTINGS',
  sellItemsTab: 'SELL ITEMS',
  sellGear: 'SELL GEAR',
  sellCores: 'SELL TELNET CORES',
  priceTooLow: 'Price must be at least 1 telnet',
  yourItem: 'YOUR ITEM',
  listFailed: 'Failed to list item for sale',
  buyFailed: 'Failed to buy item',
  removeFailed: 'Failed to remove listing',

  // Ours: server refusals (the spec leaves them open)
  priceNotANumber: 'Price must be a number',
  priceNotWhole: 'Price must be a whole number of telnet',
  priceTooHigh: 'Price can be at most 1000000 telnet',
  gearNotFound: 'Gear not found in your inventory',
  coreNotFound: 'Telnet Core not found in your inventory',
  itemNotFound: 'Item not found in your inventory',
  itemListed: 'This item is listed on the Data Exchange. Remove the listing first.',
  unequipBeforeDestroy: 'Unequip this gear before destroying it',
  unequipBeforeSelling: 'Unequip this gear before selling it',
  coreAlreadyOpened: 'This Telnet Core has already been opened',
  duplicateItems: 'The same item is named twice',
  listingGone: 'Listing not found: it was sold, removed or has expired',
  tooManyItemActions: 'Too many actions. Wait a minute and try again.',
  ownListing: 'You cannot buy your own listing',
  notYourListing: 'You can only remove your own listings',
  insufficientTelnet: 'Insufficient Telnet: You need {n} more Telnet',
  buyerInventoryFull: 'Your inventory is full (50/50). Destroy some items before buying.',
  // Ours: success messages ({success: true, message})
  gearEquipped: '{name} equipped',
  gearUnequipped: '{name} unequipped',
  itemsDestroyed: 'Destroyed {n} items',
  listingCreated: 'Listed {name} for {price} Telnet',
  listingBought: 'Bought {name} for {price} Telnet',
  listingRemoved: 'Listing removed: {name} is back in your inventory',
  // Ours: live notices (socket events)
  itemSoldTitle: 'Item Sold',
  itemSoldBody: 'Your {name} sold for {price} Telnet (fee {fee}).',
  listingExpiredTitle: 'Listing Expired',
  listingExpiredBody: 'Your {name} did not sell and is back in your inventory.',
  // Ours: screen labels
  equipmentTitle: 'EQUIPMENT',
  equip: 'EQUIP',
  unequip: 'UNEQUIP',
  destroy: 'DESTROY',
  open: 'OPEN',
  opened: 'OPENED +{n} TELNET',
  openFailedShort: 'CONNECTION FAILED',
  listed: 'LISTED',
  equipped: 'EQUIPPED',
  selectMode: 'SELECT',
  selectedCount: '{n} selected',
  clearLowest: 'CLEAR {n} {rarity} {items}',
  clearLowestHint: 'Selects all {n} unequipped, unlisted {rarity} gear for one Destroy All',
  sortAgain: 'SORT',
  sortAgainHint: 'Equipped first, then rarity and level (the list keeps its order while you work)',
  multiSelectHint: 'Hold an item for 0.8 s (or press S on it) to select several.',
  goToInventory: 'OPEN INVENTORY',
  tabAll: 'All',
  tabCpu: 'CPU',
  tabMemory: 'Memory',
  tabGpu: 'GPU',
  tabStorage: 'Storage',
  tabCores: 'Cores',
  daysLeft: '{n} days left',
  dayLeft: '1 day left',
  expired: 'expired',
  price: 'PRICE',
  priceHint: 'Whole Telnet, 1 to 1000000. The market burns 5% of a sale, rounded up and at least 1 Telnet, as its fee.',
  proceeds: 'You receive {n} Telnet (fee {fee}).',
  listForSale: 'LIST FOR SALE',
  buy: 'BUY',
  remove: 'REMOVE',
  seller: 'SELLER',
  search: 'SEARCH',
  typeFilter: 'TYPE',
  rarityFilter: 'RARITY',
  sortLabel: 'SORT',
  sortNewest: 'Newest',
  sortPriceAsc: 'Price: low to high',
  sortPriceDesc: 'Price: high to low',
  anyType: 'Any type',
  anyRarity: 'Any rarity',
  noListings: 'No listings found',
  noMyListings: 'You have nothing listed',
  nothingToSell: 'Nothing to sell: unequipped gear and unopened cores can be listed',
  newListings: '{n} new listings: REFRESH',
  pageOf: 'Page {page} of {pages}',
  // Ours: the buy confirmation and the price reference (Torn's market is the model)
  buyTitle: 'BUY {name}?',
  buyPrice: 'PRICE',
  balanceNow: 'YOUR TELNET',
  balanceAfter: 'AFTER BUYING',
  buyLevelWarning:
    'This is level {level} gear and you are level {player}: you cannot equip it until you reach level {level}.',
  confirmBuy: 'CONFIRM BUY',
  lowestListed: 'LOWEST {n}',
  noneListed: 'NONE LISTED',
  averageSale: 'AVG OF LAST {k} SALES {n}',
  averageOneSale: 'LAST SALE {n}',
  noSales: 'NO SALES YET',
  priceReference: 'MARKET PRICE',
  previousPage: 'PREV',
  nextPage: 'NEXT',
} as const;

/** Fills `{name}` marks in a text with values: fillText(itemTexts.reqLevel, { n: 5 }) → 'Req Lv.5'. */
export function fillText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (mark, key: string) => (key in values ? String(values[key]) : mark));
}
