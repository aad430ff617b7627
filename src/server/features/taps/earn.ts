import { countDecodes, decodesThatRollDrops } from '../../../core/rules/decode-budget';
import { describeMachineLikeSignal, observeDecodeBatch, parseDecodeTiming } from '../../../core/rules/decode-timing';
import { rollDrops } from '../../../core/rules/drops';
import { applyDecodes } from '../../../core/rules/exp';
import { convertDecodesToTelnet } from '../../../core/rules/telnet';
import type { UserRow } from './store';

/** What one counted batch earned, and the machine-like signal its timing raised, if any. */
export interface BatchEarnings {
  telnet: number;
  levelsGained: number;
  drops: ReturnType<typeof rollDrops>;
  /** A moderator's summary when the player's decode timing looks scripted (ADR 052); null otherwise. */
  machineLike: string | null;
}

/**
 * Applies one counted batch to the player's row (in place, under its lock): experience one decode at
 * a time, Telnet and drop rolls within the day's decode budget, the budget's counter and the
 * timing the machine-like flag watches. Drops roll at the level the decodes were made at.
 */
export function earnBatch(
  user: UserRow,
  tapCount: number,
  nowMs: number,
  random: () => number,
  itemDropRate: number,
): BatchEarnings {
  const levelBefore = user.level;
  const exp = applyDecodes({ level: user.level, currentExp: user.currentExp, maxExp: 0 }, tapCount);
  const day = countDecodes({ day: user.decodeDay, decodes: user.decodesToday }, nowMs, tapCount);
  const telnet = convertDecodesToTelnet(tapCount, user.connectionRate, user.telnetCents, day.decodesBefore);
  const drops = rollDrops(random, decodesThatRollDrops(random, day.decodesBefore, tapCount), levelBefore, itemDropRate);
  const timing = observeDecodeBatch(parseDecodeTiming(user.decodeTiming), nowMs, tapCount);
  user.level = exp.level;
  user.currentExp = exp.currentExp;
  user.totalTaps += tapCount;
  user.telnetCents = telnet.remainderCents;
  user.decodeDay = day.counter.day;
  user.decodesToday = day.counter.decodes;
  user.decodeTiming = timing.state;
  return {
    telnet: telnet.telnet,
    levelsGained: exp.levelsGained,
    drops,
    machineLike: timing.signal ? describeMachineLikeSignal(timing.signal) : null,
  };
}
