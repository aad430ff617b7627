import type { User } from '../../../core/api/common';
import type { MissionId } from '../../../core/rules/missions';
import type { DomainEvents, DomainEventType } from '../../events/domain-events';
import type { MissionService } from './service';

/** The mission each reported action may complete; the missions service still checks the evidence. */
const missionOf = {
  'terminal.sshedSelf': 'ssh_self_root',
  'terminal.directoryCreated': 'create_directory',
  'terminal.tokenMoved': 'move_token',
  'terminal.developerHacked': 'hack_developer_token',
  'kernel.bitPurchased': 'purchase_kernel_bit',
} as const satisfies Record<DomainEventType, MissionId>;

/** Missions that every later action of their kind would ask about again: asked only until the player has it. */
const askedOnlyUntilCompleted = new Set<DomainEventType>(['kernel.bitPurchased']);

/**
 * The missions learn of the actions that complete them from the features' domain events (ADR 079),
 * so no feature calls the missions service and the missions need nothing of them but their evidence.
 */
export function listenForMissions(
  events: DomainEvents,
  missions: MissionService,
  userView: (userId: number) => Promise<User>,
): void {
  for (const type of Object.keys(missionOf) as DomainEventType[]) {
    const missionId = missionOf[type];
    events.on(type, async ({ userId }) => {
      // The Kernel's later purchases cost one primary-key look-up instead of a full check.
      if (askedOnlyUntilCompleted.has(type) && (await missions.hasCompleted(userId, missionId))) return;
      await missions.complete(await userView(userId), missionId);
    });
  }
}
