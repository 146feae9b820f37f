import type { DbOrTx } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { SessionUser } from "../accounts/sessions";

/** One audit_log row for a staff action, written in the same transaction as the change. */
export async function recordAudit(
  db: DbOrTx,
  actor: Pick<SessionUser, "_id" | "email">,
  action: string,
  target: { type: string; id?: string | null },
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor._id,
    actorEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id ?? null,
    details,
  });
}
