/**
 * Six-digit one-time codes (account activation and reset, cash-on-delivery confirmation): stored as
 * a keyed HMAC, and each guess compared only after it reserved one of five tries in a conditional
 * UPDATE, so parallel guesses cannot exceed the five however many arrive at once.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { appSecrets } from "../db/schema";

export const MAX_CODE_ATTEMPTS = 5;

/** The `app_secrets` row holding the key of the code HMAC. */
export const CODE_SECRET_NAME = "account-code-hmac";

export const newCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");

/**
 * The HMAC key: made once per database (insert … on conflict do nothing, then read back, so every
 * process sharing the database uses the same one) and cached per connection pool afterwards.
 */
const keys = new WeakMap<object, Promise<Buffer>>();
async function loadCodeKey(db: DbOrTx): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: CODE_SECRET_NAME, value: crypto.randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, CODE_SECRET_NAME));
  return Buffer.from(row.value, "hex");
}
function codeKey(db: DbOrTx): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadCodeKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/**
 * Keyed by the server secret (a dump of the codes alone cannot be brute-forced: six digits are only
 * a million tries), and salted by what the code is for (`activation:<userId>`, `order:<orderId>`).
 */
export async function hashCode(db: DbOrTx, salt: string, code: string): Promise<string> {
  return crypto
    .createHmac("sha256", await codeKey(db))
    .update(`${salt}:${code}`)
    .digest("hex");
}

/** Compared in constant time. */
async function codeMatches(db: DbOrTx, salt: string, code: string, stored: string) {
  const given = Buffer.from(await hashCode(db, salt, code), "hex");
  const expected = Buffer.from(stored, "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * One guess: `reserveTry` is the caller's conditional UPDATE (`… set attempts = attempts + 1 where
 * attempts < 5 … returning code_hash`), row-locked so parallel guesses queue and the sixth finds no
 * try left; only a guess that reserved a try is compared.
 */
export async function guessCode(
  db: DbOrTx,
  salt: string,
  code: string,
  reserveTry: () => Promise<string | undefined>,
): Promise<"no-try" | "wrong" | "right"> {
  const stored = await reserveTry();
  if (stored === undefined) return "no-try";
  return (await codeMatches(db, salt, code, stored)) ? "right" : "wrong";
}
