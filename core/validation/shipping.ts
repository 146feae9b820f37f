/**
 * Shipping management (SPEC §5 Shipping create and update, Bulk additional cost). Amounts are EGP
 * numbers here; the server stores piastres. A fee of 0 is allowed: it shows as FREE (SPEC §9).
 */
import { z } from "zod";

const egp = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.number({ error: message }).refine((n) => Number.isFinite(n), message),
  );

export const shippingOptionInput = z.object({
  city: z.string({ error: "ordersApi.cityMin" }).trim().min(2, "ordersApi.cityMin").max(80, "validation.tooLong"),
  cityAr: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined)),
    z.string().trim().min(2, "ordersApi.cityMin").max(80, "validation.tooLong").optional(),
  ),
  shipping: egp("ordersApi.shippingPositive").pipe(
    z.number().min(0, "ordersApi.shippingPositive").max(100_000, "ordersApi.shippingPositive"),
  ),
  estTime: z
    .string({ error: "ordersApi.estTimeMin" })
    .trim()
    .min(2, "ordersApi.estTimeMin")
    .max(40, "validation.tooLong"),
  /** Optional on update, so staff can reset a bulk extra cost to 0 for one city. */
  additionalCost: egp("ordersApi.additionalCostInvalid").pipe(z.number().min(-100_000).max(100_000)).optional(),
});
export type ShippingOptionInput = z.infer<typeof shippingOptionInput>;

export const additionalCostInput = z.object({
  citiesId: z
    .array(
      z.string({ error: "ordersApi.selectCity" }).trim().min(1, "ordersApi.selectCity").max(64, "ordersApi.selectCity"),
      { error: "ordersApi.selectCity" },
    )
    .min(1, "ordersApi.selectCity")
    .max(200),
  additionalCost: egp("ordersApi.additionalCostNotZero").pipe(
    z
      .number()
      .refine((n) => Math.round(n * 100) !== 0, "ordersApi.additionalCostNotZero")
      .refine((n) => Math.abs(n) <= 100_000, "ordersApi.additionalCostInvalid"),
  ),
});
export type AdditionalCostInput = z.infer<typeof additionalCostInput>;
