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
 * What a failed send says on the Mainframe (spec §8: 'Failed to send message. Please try again.' with
 * 'Error:' in front). A 429 says why instead — the send limit or a repeated line — in the server's words.
 */
export function chatSendErrorText(error: unknown): string {
  if (statusOf(error) === 429 && error instanceof ApiError && error.serverMessage) return `Error: ${error.serverMessage}`;
  return `Error: ${texts.chatSendFailed}`;
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
