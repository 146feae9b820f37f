import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Role } from "@core/constants";
import type { AppDeps } from "../../deps";
import type { Db, DbOrTx } from "../../db/client";
import { users } from "../../db/schema";
import { recordAudit } from "../audit/audit";
import { badInput, notFound } from "../../errors";
import { revokeAllSessions, type SessionUser } from "./sessions";

import type { AdminUserDTO } from "./accounts-dto";

/** A row of the admin accounts table: never the password hash. */
export type { AdminUserDTO };

export function toAdminUser(u: typeof users.$inferSelect): AdminUserDTO {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    profileImage: u.profileImage,
    role: u.role,
    suspended: { status: u.bannedAt !== null },
    deleted: u.deletedAt !== null,
    activated: u.activatedAt !== null,
    hasPassword: u.passwordHash !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/search-users: by name, e-mail or phone; `hidden` lists the deleted accounts instead. */
export async function searchUsers(db: Db, q: { searchTerm: string; page: number; limit: number; hidden: boolean }) {
  const filters: SQL[] = [q.hidden ? isNotNull(users.deletedAt) : isNull(users.deletedAt)];
  if (q.searchTerm) {
    // The same expression as users_search_trgm_idx, so the trigram index serves the search.
    const haystack = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || ${users.phone})`;
    filters.push(sql`${haystack} ilike ${`%${escapeLike(q.searchTerm)}%`}`);
  }
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { users: rows.map(toAdminUser), totalPages: Math.max(1, Math.ceil(total / q.limit)), total, page: q.page };
}

type AdminAction = "user.delete" | "user.restore" | "user.ban" | "user.unban" | "user.role";

async function audit(
  tx: DbOrTx,
  actor: SessionUser,
  action: AdminAction,
  targetId: string,
  details: Record<string, unknown> = {},
) {
  await recordAudit(tx, actor, action, "user", targetId, details);
}

/** An admin acts on others: locking oneself out (or demoting the last admin) is refused. */
function refuseSelf(actor: SessionUser, id: string) {
  if (actor._id === id) throw badInput("auth.notOnYourself");
}

async function changeUser(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  action: AdminAction,
  changes: Partial<typeof users.$inferInsert>,
  details: Record<string, unknown> = {},
) {
  refuseSelf(actor, id);
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!updated) throw notFound("auth.accountNotFound");
    await audit(tx, actor, action, id, details);
    // Ban and deletion end the user's sessions at once (resolveSession also refuses them).
    if (changes.bannedAt || changes.deletedAt) await revokeAllSessions(tx, id);
    return toAdminUser(updated);
  });
}

export const deleteUser = (deps: AppDeps, actor: SessionUser, id: string) =>
  changeUser(deps, actor, id, "user.delete", { deletedAt: new Date() });
export const restoreUser = (deps: AppDeps, actor: SessionUser, id: string) =>
  changeUser(deps, actor, id, "user.restore", { deletedAt: null });
export const banUser = (deps: AppDeps, actor: SessionUser, id: string) =>
  changeUser(deps, actor, id, "user.ban", { bannedAt: new Date() });
export const unbanUser = (deps: AppDeps, actor: SessionUser, id: string) =>
  changeUser(deps, actor, id, "user.unban", { bannedAt: null });

/** PUT /api/users/:id/role (admin). */
export async function setUserRole(deps: AppDeps, actor: SessionUser, id: string, role: Role) {
  const [before] = await deps.db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  if (!before) throw notFound("auth.accountNotFound");
  return changeUser(deps, actor, id, "user.role", { role }, { from: before.role, to: role });
}
