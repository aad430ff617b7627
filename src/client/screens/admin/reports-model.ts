import type { z } from 'zod';
import {
  ActionDone,
  ChatLineRemoved,
  consoleActionPaths,
  KernelCleared,
  MuteBody,
  PlayerRenamed,
} from '../../../core/api/admin-actions';
import type { ResolveReportsBody } from '../../../core/api/report-queue';
import type { ReportQueueItem } from '../../../core/api/safety';
import type { ReportAction, ReportReason, ReportTargetKind } from '../../../core/safety';

/** What a moderator can do from the queue: the action's route is called first, then the reports are resolved. */
export type QueueAction = 'dismiss' | 'mute' | 'remove' | 'clear' | 'rename' | 'ban';

interface QueueActionSpec {
  action: QueueAction;
  /** The one key that asks for it on the selected report (case-insensitive). */
  key: string;
  /** What the resolve records. */
  resolution: ReportAction;
  /** Whether it applies to a report: a line can be removed, a region cleared, a name renamed. */
  fits(item: ReportQueueItem): boolean;
}

const hasPlayer = (item: ReportQueueItem) => item.reportedUserId !== null;

/** Every queue action, once: the keys, the buttons and the help line are read from this table. */
export const queueActions: readonly QueueActionSpec[] = [
  { action: 'dismiss', key: 'd', resolution: 'dismissed', fits: () => true },
  { action: 'mute', key: 'm', resolution: 'muted', fits: hasPlayer },
  { action: 'remove', key: 'r', resolution: 'removed', fits: (item) => item.snapshot.kind === 'chat' },
  { action: 'clear', key: 'c', resolution: 'cleared', fits: (item) => item.snapshot.kind === 'region' },
  {
    action: 'rename',
    key: 'n',
    resolution: 'renamed',
    fits: (item) => item.snapshot.kind === 'user' && hasPlayer(item),
  },
  { action: 'ban', key: 'b', resolution: 'banned', fits: hasPlayer },
];

const specOf = (action: QueueAction) => queueActions.find((a) => a.action === action)!;

/** What resolving with an action records (`dismissed`, `muted`, …). */
export const resolutionOf = (action: QueueAction): ReportAction => specOf(action).resolution;

/** The actions that apply to one report, in the table's order. */
export function actionsFor(item: ReportQueueItem): QueueAction[] {
  return queueActions.filter((a) => a.fits(item)).map((a) => a.action);
}

/** The key that asks for an action, as the button shows it. */
export const keyOf = (action: QueueAction) => specOf(action).key.toUpperCase();

/** A report's identity in the list: its target. */
export const itemKey = (item: Pick<ReportQueueItem, 'targetKind' | 'targetRef'>) =>
  `${item.targetKind}:${item.targetRef}`;

export type QueueCommand =
  { kind: 'move'; delta: number } | { kind: 'edge'; to: 'first' | 'last' } | { kind: 'act'; action: QueueAction };

/** What a key press on the list means, or null for keys the queue leaves alone (modified ones included). */
export function commandOf(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): QueueCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case 'j':
    case 'J':
    case 'ArrowDown':
      return { kind: 'move', delta: 1 };
    case 'k':
    case 'K':
    case 'ArrowUp':
      return { kind: 'move', delta: -1 };
    case 'Home':
      return { kind: 'edge', to: 'first' };
    case 'End':
      return { kind: 'edge', to: 'last' };
  }
  const spec = queueActions.find((a) => a.key === event.key.toLowerCase());
  return spec ? { kind: 'act', action: spec.action } : null;
}

/** Where the selection is: the selected key's index, else the first item (-1 for an empty list). */
export function indexOf(keys: readonly string[], selected: string | null): number {
  if (keys.length === 0) return -1;
  const at = selected === null ? -1 : keys.indexOf(selected);
  return at === -1 ? 0 : at;
}

/** The key selected after a move or a jump, held inside the list. */
export function selectionAfter(keys: readonly string[], selected: string | null, command: QueueCommand): string | null {
  if (keys.length === 0) return null;
  if (command.kind === 'edge') return command.to === 'first' ? keys[0]! : keys[keys.length - 1]!;
  if (command.kind !== 'move') return keys[indexOf(keys, selected)]!;
  const next = Math.min(keys.length - 1, Math.max(0, indexOf(keys, selected) + command.delta));
  return keys[next]!;
}

/** After a report is resolved it leaves the list: the one after it is selected, or the one before at the end. */
export function selectionAfterResolve(keys: readonly string[], resolved: string): string | null {
  const at = keys.indexOf(resolved);
  if (at === -1) return keys[0] ?? null;
  return keys[at + 1] ?? keys[at - 1] ?? null;
}

/** The dialog's reason starts as what the reporters said most (the newest first on a tie). */
export function defaultReason(item: ReportQueueItem): string {
  const counts = new Map<ReportReason, number>();
  for (const r of item.reporters) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  let best: ReportReason | null = null;
  for (const [reason, n] of counts) if (best === null || n > counts.get(best)!) best = reason;
  return best === null ? 'reported' : `reported: ${best}`;
}

/** A mute's minutes as the dialog's field holds them, or null when the route would refuse them. */
export function parseMinutes(text: string): number | null {
  if (!/^[0-9]{1,6}$/.test(text.trim())) return null;
  const parsed = MuteBody.shape.minutes.safeParse(Number(text.trim()));
  return parsed.success ? parsed.data : null;
}

/** The contract the action's answer is read with: its console route's own response schema. */
export function queueActionAnswer(
  action: Exclude<QueueAction, 'dismiss'>,
): z.ZodType<ActionDone | ChatLineRemoved | KernelCleared | PlayerRenamed> {
  if (action === 'remove') return ChatLineRemoved;
  if (action === 'clear') return KernelCleared;
  return action === 'rename' ? PlayerRenamed : ActionDone;
}

/** The action's own console route and body (consoleActionPaths), or null for a dismissal, which only resolves. */
export function actionRequest(
  action: QueueAction,
  item: ReportQueueItem,
  reason: string,
  minutes: number | null,
): { path: string; body: object } | null {
  const userPath = (path: string) => path.replace(':userId', String(item.reportedUserId));
  const s = item.snapshot;
  switch (action) {
    case 'dismiss':
      return null;
    case 'mute':
      return { path: userPath(consoleActionPaths.mute), body: { minutes, reason } };
    case 'rename':
      return { path: userPath(consoleActionPaths.rename), body: { reason } };
    case 'ban':
      return { path: userPath(consoleActionPaths.ban), body: { reason } };
    case 'remove':
      return s.kind === 'chat'
        ? { path: consoleActionPaths.removeChat.replace(':messageId', String(s.messageId)), body: { reason } }
        : null;
    case 'clear':
      return s.kind === 'region'
        ? {
            path: consoleActionPaths.clearKernel,
            body: {
              x0: s.x0,
              y0: s.y0,
              x1: s.x1,
              y1: s.y1,
              ...(item.reportedUserId ? { ownerUserId: item.reportedUserId } : {}),
              reason,
            },
          }
        : null;
  }
}

/** The resolve that follows the action: every open report of the target, with what was done. */
export function resolveBody(action: QueueAction, item: ReportQueueItem, reason: string): ResolveReportsBody {
  return {
    targetKind: item.targetKind as ReportTargetKind,
    targetRef: item.targetRef,
    action: resolutionOf(action),
    reason,
  };
}
