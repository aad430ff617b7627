import { balance } from '../../core/balance';
import { checkMessageText } from '../../core/rules/messages';
import { texts } from '../../core/texts';
import { ApiError, statusOf } from '../lib/api-error';

/** A message time as the chat shows it: local HH:MM. */
export function formatClock(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--:--';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * Why the server refused a chat line, in its own words: a 429 (the send limit, a repeated line) or a 403
 * (a moderator's mute, ADR 059); anything else is the spec's 'Failed to send message. Please try again.'.
 */
export function chatRefusalText(error: unknown): string {
  const status = statusOf(error);
  if ((status === 429 || status === 403) && error instanceof ApiError && error.serverMessage)
    return error.serverMessage;
  return texts.chatSendFailed;
}

/** What a failed send says on the Mainframe (spec §8: the refusal with 'Error:' in front). */
export function chatSendErrorText(error: unknown): string {
  return `Error: ${chatRefusalText(error)}`;
}

export interface ComposerState {
  /** The line that would be sent: trimmed (spec §5). */
  text: string;
  /** Empty lines are not sent and nothing is sent while a send is pending (spec §5). */
  canSend: boolean;
  /** Characters left of the 500 (spec §9), counted on the trimmed line. */
  remaining: number;
}

export function composerState(draft: string, pending: boolean): ComposerState {
  const checked = checkMessageText(draft);
  return {
    text: checked.text,
    canSend: !pending && checked.problem === null,
    remaining: balance.messageMaxLength - checked.text.length,
  };
}

/** Pixels from the bottom within which the log counts as "at the bottom" and follows new lines. */
export const followThresholdPx = 48;

/** Whether a scrolled log is at (or near) its newest line. */
export function isAtBottom(scrollTop: number, scrollHeight: number, clientHeight: number): boolean {
  return scrollHeight - scrollTop - clientHeight <= followThresholdPx;
}
