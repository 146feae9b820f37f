import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../schema";
import { hashPassword } from "../../modules/accounts/passwords";
import { revokeAllSessions } from "../../modules/accounts/sessions";

/**
 * DESIGN.md §3: with ADMIN_EMAIL and ADMIN_PASSWORD an active admin with exactly these credentials
 * exists after every start; without them, the first start creates one and prints its password once.
 */
export async function ensureAdmin({ db, config, log }: AppDeps) {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const email = config.ADMIN_EMAIL.toLowerCase();
    const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
    const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      await db
        .update(users)
        .set({ role: "admin", passwordHash, activatedAt: existing.activatedAt ?? new Date(), bannedAt: null, deletedAt: null })
        .where(eq(users.id, existing.id));
      if (existing.bannedAt || existing.deletedAt) await revokeAllSessions(db, existing.id);
    } else {
      await db.insert(users).values({ firstName: "Admin", lastName: "", email, role: "admin", passwordHash, activatedAt: new Date() });
    }
    return;
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (anyAdmin) return;
  const password = crypto.randomBytes(12).toString("base64url");
  const email = "admin@azya.local";
  await db
    .insert(users)
    .values({ firstName: "Admin", lastName: "", email, role: "admin", passwordHash: await hashPassword(password), activatedAt: new Date() })
    .onConflictDoNothing();
  // Printed once, on purpose: this is the only time the generated password exists in clear.
  log.warn(`Created the first admin account: ${email} / ${password} (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`);
}
