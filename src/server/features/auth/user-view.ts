import type { User } from '../../../core/api/common';
import { expForLevel } from '../../../core/rules/exp';
import type { UserRow } from './store';

/** The player as the API shows them: never the password hash, IP or rate-limit state. */
export function toUserView(row: UserRow): User {
  return {
    id: row.id,
    loginId: row.loginId,
    username: row.username,
    level: row.level,
    currentExp: row.currentExp,
    maxExp: expForLevel(row.level),
    totalTaps: row.totalTaps,
    telnet: row.telnet,
    attack: row.attack,
    criticalRate: row.criticalRate,
    bonusCriticalHit: row.bonusCriticalHit,
    connectionRate: row.connectionRate,
    itemDropRate: row.itemDropRate,
  };
}
