/**
 * The audit trail (issue 5, item 4): who did what to which record, and when. Every staff write
 * records one row, inside the same transaction as the change when there is one, so a rolled-back
 * change leaves no trace and a committed one always has its entry.
 */
import { count, desc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { AuditEntry, AuditPage } from "./audit-dto";

/** Verb-like action names, e.g. "product.approve", "user.ban", "order.status". */
export type AuditAction = string;

/**
 * Who acted: the signed-in staff member (a SessionUser fits). Written out rather than picked from
 * accounts, which records audits itself: importing it back would close a cycle.
 */
export interface AuditActor {
  /** Null for the shop itself (a scheduled job, e.g. an unconfirmed order's expiry). */
  _id: string | null;
  email: string;
}

export async function recordAudit(
  db: DbOrTx,
  actor: AuditActor,
  action: AuditAction,
  targetType: string,
  targetId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(auditLog)
    .values({ actorId: actor._id, actorEmail: actor.email, action, targetType, targetId, details });
}

/** Newest first, a page at a time. */
export async function listAuditLog(db: DbOrTx, page: number, limit: number): Promise<AuditPage> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(auditLog),
  ]);
  return {
    entries: rows.map(
      (r): AuditEntry => ({
        _id: r.id,
        actorId: r.actorId,
        actorEmail: r.actorEmail,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        details: r.details,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
    totalPages: Math.max(1, Math.ceil(Number(total) / limit)),
    total: Number(total),
  };
}
