import type { User } from '../../core/api/common';
import { expForLevel } from '../../core/rules/exp';
import { effectiveStats, type CombatStats, type EquippedGear } from '../../core/rules/gear-stats';

/**
 * The columns of a users row the view reads. Named here, not taken from the schema, so this module
 * stays outside the database layer and every feature holding a users row can pass it (ADR 080).
 */
export interface UserViewRow extends CombatStats {
  id: number;
  loginId: string;
  username: string;
  level: number;
  currentExp: number;
  totalTaps: number;
  telnet: number;
  connectionRate: number;
  renameRequired: boolean;
}

/**
 * The player as the API shows them: never the password hash, IP or rate-limit state. The combat
 * stats are effective ones, base plus equipped gear (ADR 015), so every screen shows one figure.
 */
export function toUserView(row: UserViewRow, equipped: readonly EquippedGear[]): User {
  const stats = effectiveStats(row, equipped);
  return {
    id: row.id,
    loginId: row.loginId,
    username: row.username,
    level: row.level,
    currentExp: row.currentExp,
    maxExp: expForLevel(row.level),
    totalTaps: row.totalTaps,
    telnet: row.telnet,
    attack: stats.attack,
    criticalRate: stats.criticalRate,
    bonusCriticalHit: stats.bonusCriticalHit,
    connectionRate: row.connectionRate,
    itemDropRate: stats.itemDropRate,
    // Only while a moderator's rename waits for the player's new name (ADR 060).
    ...(row.renameRequired ? { renameRequired: true } : {}),
  };
}
