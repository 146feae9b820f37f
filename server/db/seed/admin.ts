import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../schema";
import { hashPassword } from "../../modules/accounts/passwords";
import { revokeAllSessions } from "../../modules/accounts/sessions";

/**
 * DESIGN.md §3: with ADMIN_EMAIL and ADMIN_PASSWORD an active admin with exactly these credentials
 * exists after every start; without them, the first start creates one and writes its password once
 * to DATA_DIR/admin-password.txt (mode 0600), never to the log (issue 11).
 */
export async function ensureAdmin({ db, config, log }: AppDeps) {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const email = config.ADMIN_EMAIL.toLowerCase();
    const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
    const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      await db
        .update(users)
        .set({
          role: "admin",
          passwordHash,
          activatedAt: existing.activatedAt ?? new Date(),
          bannedAt: null,
          deletedAt: null,
        })
        .where(eq(users.id, existing.id));
      if (existing.bannedAt || existing.deletedAt) await revokeAllSessions(db, existing.id);
    } else {
      await db
        .insert(users)
        .values({ firstName: "Admin", lastName: "", email, role: "admin", passwordHash, activatedAt: new Date() });
    }
    return;
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (anyAdmin) return;
  const password = crypto.randomBytes(18).toString("base64url");
  const email = "admin@azya.local";
  const [created] = await db
    .insert(users)
    .values({
      firstName: "Admin",
      lastName: "",
      email,
      role: "admin",
      passwordHash: await hashPassword(password),
      activatedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) return; // another process made it first and wrote its own file
  // Shown once, never in a log (logs are shipped and kept): a file only the server's user can read.
  const file = writeAdminPasswordFile(config.dataDir, email, password);
  log.warn(
    { file },
    `Created the first admin account ${email}; its password is in ${file}. Sign in, change it, then delete the file (or set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own).`,
  );
  if (config.NODE_ENV === "development") process.stdout.write(`\nFirst admin: ${email} / ${password}\n\n`);
}

function writeAdminPasswordFile(dataDir: string, email: string, password: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "admin-password.txt");
  fs.rmSync(file, { force: true }); // a fresh file, so the mode below is the one it is created with
  fs.writeFileSync(
    file,
    `The first admin account of the shop (delete this file once you have signed in).\nemail: ${email}\npassword: ${password}\n`,
    {
      mode: 0o600,
      flag: "wx",
    },
  );
  fs.chmodSync(file, 0o600); // whatever the umask
  return file;
}
