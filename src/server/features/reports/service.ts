import type { GridState } from '../../../core/api/kernel';
import type {
  ReportBody,
  ReportQueueItem,
  ReportReceipt,
  ReportSnapshot,
  ReportTarget,
} from '../../../core/api/safety';
import { balance } from '../../../core/balance';
import { infra } from '../../../core/infra';
import type { ReportAction, ReportTargetKind } from '../../../core/safety';
import { texts } from '../../../core/texts';
import type { Database, Tx } from '../../db/connect';
import { HttpError } from '../../http/errors';
import * as store from './store';

/** A stored line as the chat and Ping services hand it over for a snapshot. */
type Line = { id: number; userId: number; username: string; message: string; createdAt: Date };
type PrivateLine = {
  id: number;
  senderId: number;
  senderUsername: string;
  receiverId: number;
  receiverUsername: string;
  message: string;
  createdAt: Date;
};

export interface ReportServiceDeps {
  database: Database;
  now: () => number;
  /** A chat line by id (chat service), or null. */
  chatLine(id: number): Promise<Line | null>;
  /** A private message the viewer sent or received (Ping service), or null: anyone else's is not found. */
  privateMessage(viewerId: number, id: number): Promise<PrivateLine | null>;
  /** A player by username, any case (the ignores service's look-up), or null. */
  playerNamed(username: string): Promise<{ id: number; username: string } | null>;
  /** The owned bits of a bounded region (Kernel service). */
  region(query: { x0: number; y0: number; x1: number; y1: number }): Promise<GridState>;
}

type Resolved = { reportedUserId: number; ref: string; snapshot: ReportSnapshot };

const notFound = (): never => {
  throw new HttpError(404, texts.safety.reportTargetNotFound);
};

/** Owners of a region's bits, most bits first (at most reportQueueReportersMax named). */
function regionOwners(state: GridState) {
  const owners = new Map<number, { userId: number; username: string; bits: number }>();
  for (const sq of state.squares) {
    const o = owners.get(sq.ownerId) ?? { userId: sq.ownerId, username: sq.ownerUsername, bits: 0 };
    o.bits += 1;
    owners.set(sq.ownerId, o);
  }
  return [...owners.values()].sort((a, b) => b.bits - a.bits || a.userId - b.userId);
}

/**
 * Reports from players and the moderators' queue over them (ADR 056). A report keeps a snapshot of
 * what it points at; one per reporter and target; the reporter only ever hears thanks.
 */
export function createReportService(deps: ReportServiceDeps) {
  const { db } = deps.database;

  /** Who and what a target names, and the snapshot a moderator will read; 404 for what the reporter may not see. */
  async function resolve(reporterId: number, target: ReportTarget): Promise<Resolved> {
    switch (target.kind) {
      case 'chat': {
        const line = (await deps.chatLine(target.messageId)) ?? notFound();
        const snapshot = {
          kind: 'chat',
          messageId: line.id,
          authorId: line.userId,
          author: line.username,
          text: line.message,
          sentAt: line.createdAt.toISOString(),
        } as const;
        return { reportedUserId: line.userId, ref: String(line.id), snapshot };
      }
      case 'ping': {
        const m = (await deps.privateMessage(reporterId, target.messageId)) ?? notFound();
        const snapshot = {
          kind: 'ping',
          messageId: m.id,
          senderId: m.senderId,
          sender: m.senderUsername,
          receiverId: m.receiverId,
          receiver: m.receiverUsername,
          text: m.message,
          sentAt: m.createdAt.toISOString(),
        } as const;
        // The other side of the conversation is the one reported, whichever way the message went.
        return { reportedUserId: m.senderId === reporterId ? m.receiverId : m.senderId, ref: String(m.id), snapshot };
      }
      case 'user': {
        const user =
          ('userId' in target ? await store.findUser(db, target.userId) : await deps.playerNamed(target.username)) ??
          notFound();
        return {
          reportedUserId: user.id,
          ref: String(user.id),
          snapshot: { kind: 'user', userId: user.id, username: user.username },
        };
      }
      case 'region': {
        const { x0, y0, x1, y1 } = target;
        const owners = regionOwners(await deps.region({ x0, y0, x1, y1 }));
        // The most-owning player other than the reporter is the one reported; a region of only one's own bits is not a report.
        const reported = owners.find((o) => o.userId !== reporterId);
        if (owners.length === 0) notFound();
        if (!reported) throw new HttpError(400, texts.safety.reportSelf);
        const ownedBits = owners.reduce((n, o) => n + o.bits, 0);
        const snapshot = {
          kind: 'region',
          x0,
          y0,
          x1,
          y1,
          ownedBits,
          owners: owners.slice(0, balance.reportQueueReportersMax),
        } as const;
        return { reportedUserId: reported.userId, ref: `${x0},${y0},${x1},${y1}`, snapshot };
      }
    }
  }

  return {
    /** POST /api/reports: stores the report once per (reporter, target); a repeat is thanked the same and changes nothing. */
    async report(reporterId: number, body: ReportBody): Promise<ReportReceipt> {
      const target = await resolve(reporterId, body.target);
      if (target.reportedUserId === reporterId) throw new HttpError(400, texts.safety.reportSelf);
      await store.insertOnce(db, {
        reporterId,
        reportedUserId: target.reportedUserId,
        targetKind: body.target.kind,
        targetRef: target.ref,
        reason: body.reason,
        note: (body.note ?? '').trim(),
        snapshot: target.snapshot,
        createdAt: new Date(deps.now()),
      });
      return { message: texts.safety.reportThanks };
    },

    /** The reports a player made, a page at a time, for their data export. */
    exportPage: (reporterId: number, after: number, limit: number) =>
      store.reportsMadePage(db, reporterId, after, limit),

    /** The moderators' queue: open reports grouped per target, the most reported and newest first. */
    async openQueue(page: { limit: number; offset?: number }): Promise<ReportQueueItem[]> {
      const limit = Math.max(1, Math.min(page.limit, infra.reportQueuePageMax));
      const rows = await store.openTargets(db, limit, Math.max(0, page.offset ?? 0));
      const reporters = await store.openReporters(
        db,
        rows.map((r) => ({ kind: r.target_kind, ref: r.target_ref })),
        balance.reportQueueReportersMax,
      );
      const iso = (d: string | Date) => new Date(d).toISOString();
      return rows.map((r) => ({
        targetKind: r.target_kind,
        targetRef: r.target_ref,
        reportedUserId: r.reported_user_id,
        reportedUsername: r.reported_username,
        count: Number(r.count),
        firstReportedAt: iso(r.first_at),
        lastReportedAt: iso(r.last_at),
        snapshot: typeof r.snapshot === 'string' ? (JSON.parse(r.snapshot) as ReportSnapshot) : r.snapshot,
        reporters: reporters
          .filter((p) => p.target_kind === r.target_kind && p.target_ref === r.target_ref)
          .map((p) => ({
            userId: p.user_id,
            username: p.username,
            reason: p.reason,
            note: p.note,
            reportedAt: iso(p.created_at),
          })),
      }));
    },

    /**
     * Resolves every open report of one target in the caller's transaction (the console's action and
     * its audit row commit with it), recording the action and the moderator. Answers how many were open.
     */
    /** How many reports of one target are open and whom they name, read in the caller's transaction. */
    openTarget: (tx: Tx, target: { kind: ReportTargetKind; ref: string }) => store.openTargetSummary(tx, target),

    resolveTarget: (
      tx: Tx,
      target: { kind: ReportTargetKind; ref: string },
      resolution: { moderatorId: number; action: ReportAction },
    ) => store.resolveOpen(tx, target, { ...resolution, at: new Date(deps.now()) }),
  };
}

export type ReportService = ReturnType<typeof createReportService>;
