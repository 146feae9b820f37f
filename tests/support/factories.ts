/** Test data builders: each call makes new, unique rows, so no test depends on another's. */
import crypto from "node:crypto";
import type { Db } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { hashPassword } from "../../server/modules/accounts/passwords";
import { createSession } from "../../server/modules/accounts/sessions";
import { COOKIES, type Role } from "../../core/constants";

export const uniqueEmail = (prefix = "user") => `${prefix}-${crypto.randomBytes(5).toString("hex")}@example.com`;

export const DEFAULT_PASSWORD = "Secret-pass-123";

let cachedHash: Promise<string> | undefined;
const defaultHash = () => (cachedHash ??= hashPassword(DEFAULT_PASSWORD));

export async function makeUser(db: Db, overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {}) {
  const [user] = await db
    .insert(users)
    .values({
      firstName: "Mona",
      lastName: "Hassan",
      email: uniqueEmail(overrides.role ?? "user"),
      phone: "01012345678",
      passwordHash: await defaultHash(),
      activatedAt: new Date(),
      ...overrides,
    })
    .returning();
  return user;
}

/** A signed-in user of the given role and the cookie header that carries the session. */
export async function signedIn(db: Db, role: Role = "user", overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await makeUser(db, { role, ...overrides });
  const { token } = await createSession(db, user.id, false);
  return { user, token, cookie: `${COOKIES.session}=${token}`, headers: { cookie: `${COOKIES.session}=${token}` } };
}
