/**
 * Issue 16's staff inputs: why an order was cancelled, and a phone or e-mail blocked from cash on
 * delivery. Messages are i18n keys (core/i18n/<lang>/customers.json).
 */
import { z } from "zod";
import { isPhoneKey, phoneKey } from "../contact-keys";

/** Why staff cancelled an order; "refused" (at the door) is what the customer record counts. */
export const CANCEL_REASONS = ["refused", "customer_asked", "unreachable", "other"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const cancelReasonField = z.enum(CANCEL_REASONS, { error: "customers.reasonInvalid" });

export const BLOCK_KINDS = ["phone", "email"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

const EMAIL = z.email();

export const customerBlockInput = z
  .object({
    kind: z.enum(BLOCK_KINDS, { error: "customers.kindInvalid" }),
    value: z
      .string({ error: "customers.valueRequired" })
      .trim()
      .min(1, "customers.valueRequired")
      .max(200, "validation.tooLong"),
    note: z.string({ error: "validation.tooLong" }).trim().max(500, "validation.tooLong").default(""),
  })
  .superRefine((b, ctx) => {
    const ok = b.kind === "phone" ? isPhoneKey(phoneKey(b.value)) : EMAIL.safeParse(b.value).success;
    if (!ok)
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: b.kind === "phone" ? "customers.phoneInvalid" : "validation.emailInvalid",
      });
  });
export type CustomerBlockInput = z.infer<typeof customerBlockInput>;
