/**
 * The two kinds of link a reminder carries (docs/decisions/301). The restore link's token is random
 * (32 bytes), stored, and names one saved bag: nothing in it can be guessed or counted. The
 * unsubscribe token is the address and its HMAC, so it works without signing in and without a row;
 * the key is made once per database in `app_secrets`, as the account codes' key.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { appSecrets } from "../../db/schema";

export const newReminderToken = () => crypto.randomBytes(32).toString("base64url");

const SECRET_NAME = "unsubscribe-hmac";
const keys = new WeakMap<object, Promise<Buffer>>();

async function loadKey(db: DbOrTx): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: crypto.randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  return Buffer.from(row!.value, "hex");
}

/** Read once per connection pool: pass the pool (`deps.db`), not a transaction, so it is cached. */
export function signingKey(db: DbOrTx): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const sign = (key: Buffer, email: string) => crypto.createHmac("sha256", key).update(`unsubscribe:${email}`).digest();

/** `<address in base64url>.<signature>`; the address lower-cased, as every address here. */
export function unsubscribeTokenFor(key: Buffer, email: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address).toString("base64url")}.${sign(key, address).toString("base64url")}`;
}

/** The address a token was signed for, or null when it was not signed here (compared in constant time). */
export async function verifyUnsubscribeToken(db: DbOrTx, token: string): Promise<string | null> {
  const [encoded, signature] = token.split(".");
  if (!encoded || !signature) return null;
  const address = Buffer.from(encoded, "base64url").toString("utf8");
  if (!address.includes("@") || address.length > 254) return null;
  const expected = sign(await signingKey(db), address);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? address : null;
}
