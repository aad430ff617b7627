import type { Attempt, BlockchainBoss, GuessResult, LastDefeated } from '../../../core/api/blockchain';
import { balance } from '../../../core/balance';
import { texts } from '../../../core/texts';

const t = texts.blockchain;

/** Which of spec §2's states the screen is in. */
export type BlockchainView = 'loading' | 'boss' | 'cracked' | 'generating' | 'initializing';

/**
 * spec §2: LOADING... while the first answer is pending; a boss when there is one; BLOCKCHAIN CRACKED
 * with a last-defeated record; 'No Active Blockchain / Generating…' with neither; INITIALIZING while
 * the record is still loading (or failed).
 */
export function blockchainView(q: {
  bossLoading: boolean;
  boss: BlockchainBoss | null | undefined;
  lastLoading: boolean;
  last: LastDefeated | null | undefined;
}): BlockchainView {
  if (q.bossLoading) return 'loading';
  if (q.boss) return 'boss';
  if (q.last) return 'cracked';
  if (q.last === null) return 'generating';
  return 'initializing';
}

/** A guess's local update (spec §4): the attempt, or the lowered progress and a new code's empty list. */
export interface LocalBoss {
  boss: BlockchainBoss;
  /** Server data is ignored until then (spec §4/§9: 500 ms after a guess result). */
  ignoreServerUntil: number;
}

/** The boss after my guess result, as shown until fresher server data may replace it. */
export function applyGuessResult(boss: BlockchainBoss, result: GuessResult, me: string, at: number): LocalBoss {
  const attempt: Attempt = {
    id: -at,
    username: me,
    guess: result.guess,
    correctPosition: result.correctPosition,
    wrongPosition: result.wrongPosition,
  };
  const next: BlockchainBoss = result.codeCorrect
    ? {
        ...boss,
        currentProgress: Math.max(0, result.currentProgress),
        maxProgress: result.maxProgress,
        codeLength: result.newCodeLength,
        codeVersion: result.codeVersion,
        recentAttempts: [],
      }
    : { ...boss, recentAttempts: [attempt, ...boss.recentAttempts].slice(0, balance.recentAttempts) };
  return { boss: next, ignoreServerUntil: at + balance.guessIgnoreWindowMs };
}

/** What the screen shows: the local update inside its window (same boss), otherwise the server's boss. */
export function shownBoss(
  server: BlockchainBoss | null | undefined,
  local: LocalBoss | null,
  now: number,
): BlockchainBoss | null {
  if (!server) return null;
  if (local && local.boss.id === server.id && now < local.ignoreServerUntil) return local.boss;
  return server;
}

export interface ToastText {
  title: string;
  description?: string;
  tone: 'success' | 'danger' | 'info' | 'telnet';
}

/** spec §8's toast for a guess result; a defeat's toast replaces the crack's (one toast at a time). */
export function guessToast(r: GuessResult): ToastText {
  if (r.bossDefeated && r.blacklisted)
    return { title: t.blacklistedTitle, description: t.blacklistedBody, tone: 'danger' };
  if (r.bossDefeated)
    return {
      title: t.bossDefeated,
      description: r.rewardReceived > 0 ? t.youReceived(r.rewardReceived) : t.crackedCompletely,
      tone: 'telnet',
    };
  if (r.codeCorrect) {
    return {
      title: r.isCritical ? `${t.codeCracked} ${t.criticalHit}` : t.codeCracked,
      description: `${t.perfectDamage(r.damage)} · ${t.expLost(r.expLost)}`,
      tone: 'success',
    };
  }
  return {
    title: t.incorrectCode,
    description: `${t.correctPosition(r.correctPosition)} · ${t.wrongPosition(r.wrongPosition)} · ${t.expLost(r.expLost)}`,
    tone: 'info',
  };
}

/** 'Title: detail' texts (spec §5) as a toast's title and description. */
export function splitMessage(message: string): { title: string; description?: string } {
  const i = message.indexOf(': ');
  return i > 0 ? { title: message.slice(0, i), description: message.slice(i + 2) } : { title: message };
}
