import type { User } from '../../../core/api/common';
import type { ScanProtection, ScanQuery, ScanResult } from '../../../core/api/filesystem';
import { intrusionCooldownUntil } from '../../../core/rules/terminal';
import { levelNow, refusalOf, type TerminalContext } from './context';
import * as intrusionStore from './intrusion-store';
import * as store from './store';

/**
 * GET /api/filesystem/scan (ADR 067): who this player may ssh into now, nearest in level first, and
 * why the others are protected — judged by the same rules ssh applies (refusalOf, intrusionCooldownUntil),
 * never a second formula. Usernames and levels only: no Token location, no directories.
 */
export async function scan(ctx: TerminalContext, user: User, query: ScanQuery): Promise<ScanResult> {
  const at = ctx.now();
  return ctx.db.transaction(
    async (tx) => {
      const level = await levelNow(tx, user.id);
      const candidates = await store.scanCandidates(tx, user.id, level, query.limit);
      const targets = [];
      for (const c of candidates) {
        let protection: ScanProtection | null = await refusalOf(tx, user.id, c.id, c, at);
        // The developer's tutorial box keeps no cooldown, as ssh reads it.
        if (
          protection === null &&
          !c.isDeveloper &&
          intrusionCooldownUntil((await intrusionStore.pairHistory(tx, user.id, c.id)).lastEndsAt, at) !== null
        )
          protection = 'intrusion-cooldown';
        targets.push({ username: c.username, level: c.level, protection });
      }
      return { level, targets };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
