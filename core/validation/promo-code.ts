/**
 * The promo code form of SPEC §5 (Promo code create) and POST /api/promocodes. Every field is
 * required ('Please fill all fields'); the discount is 0 to 100, max uses at least 1 and the expiry
 * at least tomorrow. Messages are i18n keys (orders-api.json).
 */
import { z } from "zod";

const missing = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const numeric = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v);

/** A code: letters, digits and dashes, stored upper-cased (a generated one is 8 capital letters). */
export const promoCodeText = z
  .string()
  .trim()
  .min(3, "ordersApi.promoCodeFormat")
  .max(32, { error: "ordersApi.promoCodeFormat", abort: true })
  .regex(/^[A-Za-z0-9-]+$/, "ordersApi.promoCodeFormat")
  .transform((s) => s.toUpperCase());

/** "YYYY-MM-DD" (the form's date input) or a full ISO date-time. */
const isoDate = /^\d{4}-\d{2}-\d{2}(T.*)?$/;

/** A date-only expiry lasts to the end of that day (UTC). */
export function expiryFromInput(value: string): Date {
  return value.length === 10 ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

/** The first calendar day (UTC) an expiry may fall on: tomorrow. */
export function earliestExpiryDay(now = new Date()): string {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const promoCodeInput = z
  .object({
    code: z.unknown(),
    discountValue: z.unknown(),
    usageLimit: z.unknown(),
    expDate: z.unknown(),
  })
  .superRefine((v, ctx) => {
    if ([v.code, v.discountValue, v.usageLimit, v.expDate].some(missing)) {
      ctx.addIssue({ code: "custom", path: ["code"], message: "ordersApi.fillAllFields" });
    }
  })
  .pipe(
    z.object({
      code: promoCodeText,
      discountValue: z.preprocess(
        numeric,
        z
          .number({ error: "ordersApi.promoDiscountRange" })
          .min(0, "ordersApi.promoDiscountRange")
          .max(100, "ordersApi.promoDiscountRange")
          .int("ordersApi.promoDiscountRange"),
      ),
      usageLimit: z.preprocess(
        numeric,
        z
          .number({ error: "ordersApi.promoUsesMin" })
          .int("ordersApi.promoUsesMin")
          .min(1, "ordersApi.promoUsesMin")
          .max(1_000_000),
      ),
      expDate: z
        .string({ error: "ordersApi.promoExpiryInvalid" })
        .trim()
        // `abort` on each step: an unreadable date must never reach toISOString() (it threw, a 500).
        .max(40, { error: "ordersApi.promoExpiryInvalid", abort: true })
        .regex(isoDate, { error: "ordersApi.promoExpiryInvalid", abort: true })
        .refine((s) => !Number.isNaN(expiryFromInput(s).getTime()), {
          error: "ordersApi.promoExpiryInvalid",
          abort: true,
        })
        .refine(
          (s) => expiryFromInput(s).toISOString().slice(0, 10) >= earliestExpiryDay(),
          "ordersApi.promoExpiryTomorrow",
        ),
    }),
  );
export type PromoCodeInput = z.infer<typeof promoCodeInput>;
