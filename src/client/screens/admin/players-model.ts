import type { z } from 'zod';
import {
  ActionDone,
  ChatLineRemoved,
  consoleActionPaths,
  LedgerReversed,
  PlayerRenamed,
  type LedgerQuery,
  type PlayerSummary,
} from '../../../core/api/admin-actions';
import { consoleTexts } from '../../../core/texts/console';

const t = consoleTexts.players;

/** Where an arrow key moves in the search results: down from the box enters the list, up from the top returns to the box (-1). */
export function nextResult(current: number, key: string, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return Math.min(current + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(current - 1, -1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** A moment as the console shows it: `YYYY-MM-DD HH:MM`, UTC. */
export function consoleTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

/** The player's standing in one line: banned, muted until when, or active. */
export function statusLine(p: Pick<PlayerSummary, 'banned' | 'mutedUntil'>): string {
  const parts: string[] = [];
  if (p.banned) parts.push(t.status.banned);
  if (p.mutedUntil) parts.push(t.status.mutedUntil(consoleTime(p.mutedUntil)));
  return parts.length ? parts.join(' · ') : t.status.active;
}

/** Every action the player view can take; some act on the player, `remove` on a chat line, `reverse` on a ledger reference. */
export type ConsoleAction =
  | { kind: 'mute' | 'unmute' | 'ban' | 'unban' | 'rename'; userId: number; username: string }
  | { kind: 'remove'; messageId: number }
  | { kind: 'reverse'; reference: string };

/** The action dialog's title. */
export function actionTitle(action: ConsoleAction): string {
  const label = t.actions[action.kind];
  if (action.kind === 'remove') return t.dialog.lineTitle(label);
  if (action.kind === 'reverse') return t.dialog.rowTitle(label, action.reference);
  return t.dialog.title(label, action.username);
}

/** A mute's length as typed (the same rule as the report queue's: the mute route's contract). */
export { parseMinutes } from './reports-model';

const forUser = (path: string, userId: number) => path.replace(':userId', String(userId));

/** What any console action answers: the route's own response contract (src/core/api/admin-actions.ts). */
export type ConsoleActionAnswer = ActionDone | PlayerRenamed | ChatLineRemoved | LedgerReversed;

/** The contract an action's answer is read with: its route's own response schema. */
export function actionAnswer(action: ConsoleAction): z.ZodType<ConsoleActionAnswer> {
  if (action.kind === 'remove') return ChatLineRemoved;
  if (action.kind === 'reverse') return LedgerReversed;
  return action.kind === 'rename' ? PlayerRenamed : ActionDone;
}

/** The request an action sends (the contract's path and body), given the reason and, for a mute, the minutes. */
export function actionRequest(
  action: ConsoleAction,
  reason: string,
  minutes: number | null,
): { path: string; body: object } {
  switch (action.kind) {
    case 'mute':
      return { path: forUser(consoleActionPaths.mute, action.userId), body: { minutes, reason } };
    case 'remove':
      return { path: consoleActionPaths.removeChat.replace(':messageId', String(action.messageId)), body: { reason } };
    case 'reverse':
      return { path: consoleActionPaths.reverse, body: { reference: action.reference, reason } };
    default:
      return { path: forUser(consoleActionPaths[action.kind], action.userId), body: { reason } };
  }
}

/** What the success toast says once the action is done. */
export function doneText(action: ConsoleAction, mutedUntil: string | null): string {
  switch (action.kind) {
    case 'mute':
      return t.done.mute(action.username, mutedUntil ? consoleTime(mutedUntil) : '');
    case 'remove':
      return t.done.remove;
    case 'reverse':
      return t.done.reverse(action.reference);
    default:
      return t.done[action.kind](action.username);
  }
}

/** The ledger filter as the query string the contract takes (empty fields left out). */
export function ledgerSearch(filter: Omit<LedgerQuery, 'before'>, before: number | null): string {
  const query = new URLSearchParams();
  if (filter.reason) query.set('reason', filter.reason);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  if (before !== null) query.set('before', String(before));
  return query.size ? `?${query}` : '';
}
