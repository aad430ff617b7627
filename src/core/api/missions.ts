import { z } from 'zod';
import { MissionId } from '../rules/missions';

/** spec §3 mission as the panel shows it. */
export const Mission = z.object({
  id: MissionId,
  title: z.string(),
  description: z.string(),
  instructions: z.array(z.string()),
});
export type Mission = z.infer<typeof Mission>;

/** spec §3 mission status; currentMission is the first not done in spec order, null when all are. */
export const MissionStatus = z
  .object({
    showMissions: z.boolean(),
    currentMission: Mission.nullable(),
    completedMissions: z.array(MissionId),
    totalMissions: z.int(),
    allMissionsCompleted: z.boolean(),
  })
  .describe("The player's tutorial missions: the one to do next and those already done.");
export type MissionStatus = z.infer<typeof MissionStatus>;

/** spec §7: POST /api/missions/complete {missionId}. */
export const CompleteMissionBody = z.strictObject({ missionId: MissionId });
export type CompleteMissionBody = z.infer<typeof CompleteMissionBody>;

/** spec §7 answer {success, allMissionsCompleted}, plus the Telnet this call paid (0 when it was paid before). */
export const CompleteMissionResponse = z
  .object({
    success: z.boolean(),
    allMissionsCompleted: z.boolean(),
    rewardTelnet: z.int(),
  })
  .describe('Whether the mission counted, and the Telnet this call paid (0 when it had been paid before).');
export type CompleteMissionResponse = z.infer<typeof CompleteMissionResponse>;
