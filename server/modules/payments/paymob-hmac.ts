/**
 * The card provider's signature on its transaction callbacks: HMAC-SHA512 with PAYMOB_HMAC_SECRET
 * over the values of these transaction fields concatenated in this fixed order, as lowercase hex,
 * sent as `?hmac=` (developers.paymob.com, "HMAC Transaction Callback"). Only these fields are
 * signed: nothing else in a callback (merchant_order_id included) may be trusted.
 */
import crypto from "node:crypto";

export const SIGNED_TRANSACTION_FIELDS = [
  "amount_cents",
  "created_at",
  "currency",
  "error_occured",
  "has_parent_transaction",
  "id",
  "integration_id",
  "is_3d_secure",
  "is_auth",
  "is_capture",
  "is_refunded",
  "is_standalone_payment",
  "is_voided",
  "order.id",
  "owner",
  "pending",
  "source_data.pan",
  "source_data.sub_type",
  "source_data.type",
  "success",
] as const;

function valueAt(obj: Record<string, unknown>, path: string): unknown {
  let here: unknown = obj;
  for (const key of path.split(".")) {
    if (here === null || typeof here !== "object" || Array.isArray(here)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** A value as the provider writes it into the string: booleans as true/false, numbers as digits. */
function asSigned(value: unknown): string {
  if (value !== null && typeof value === "object") return "[object]"; // never signed as such: fails to match
  return `${value}`;
}

/** The string the provider signs: the signed fields' values, concatenated in their order. */
export function signedText(obj: Record<string, unknown>): string {
  return SIGNED_TRANSACTION_FIELDS.map((f) => asSigned(valueAt(obj, f))).join("");
}

export function transactionHmac(obj: Record<string, unknown>, secret: string): string {
  return crypto.createHmac("sha512", secret).update(signedText(obj), "utf8").digest("hex");
}

/** Constant-time: the time taken says nothing about how much of a forged signature was right. */
export function verifyTransactionHmac(obj: Record<string, unknown>, hmac: string | undefined, secret: string): boolean {
  // The provider writes lowercase hex; the same bytes in capitals are the same signature.
  if (!hmac || !/^[0-9a-fA-F]{128}$/.test(hmac)) return false;
  const expected = Buffer.from(transactionHmac(obj, secret), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(hmac, "hex"));
}
