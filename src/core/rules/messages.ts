import { balance } from '../balance';

/** A line already sent by the same player in the same channel, newest first. */
export interface SentLine {
  message: string;
  createdAtMs: number;
}

export type MessageProblem = 'messageEmpty' | 'messageTooLong';
export type SendProblem = 'messageRateLimited' | 'messageRepeated';

/** spec §5: a chat line or private message is trimmed, not sent empty, and 500 characters at most. */
export function checkMessageText(
  raw: string,
): { text: string; problem: null } | { text: string; problem: MessageProblem } {
  const text = raw.trim();
  if (text.length === 0) return { text, problem: 'messageEmpty' };
  if (text.length > balance.messageMaxLength) return { text, problem: 'messageTooLong' };
  return { text, problem: null };
}

/**
 * The send limit: at most messageSendLimit lines per window, and not the same line as the
 * previous one within the repeat window. `recent` is the player's latest lines in the channel,
 * newest first (at least messageSendLimit of them when there are that many); `previous` is the line
 * a repeat is judged against (for private messages, the last one to the same receiver).
 */
export function checkSendRate(
  recent: SentLine[],
  previous: SentLine | null,
  text: string,
  nowMs: number,
): SendProblem | null {
  const inWindow = recent.filter((line) => nowMs - line.createdAtMs < balance.messageSendWindowMs).length;
  if (inWindow >= balance.messageSendLimit) return 'messageRateLimited';
  if (previous && previous.message === text && nowMs - previous.createdAtMs < balance.messageRepeatWindowMs)
    return 'messageRepeated';
  return null;
}
