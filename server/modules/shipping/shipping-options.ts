/**
 * Per-city shipping fees and delivery estimates (SPEC §7 shipping, §9 Shipping). Fees are stored in
 * piastres and answered in EGP; a city's fee for an order is its fee plus the bulk additional cost.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_CITY, DEFAULT_SHIPPING_EGP } from "@core/constants";
import { toEgp, toPiastres, type Piastres } from "@core/pricing";
import type { AdditionalCostInput, ShippingOptionInput } from "@core/validation/shipping";
import type { Db, DbOrTx } from "../../db/client";
import { shippingOptions } from "../../db/schema";
import { badInput, conflict, notFound } from "../../errors";
import { isUuid } from "../../db/ids";
import { announce, emit } from "../../events";
import { recordAudit, type AuditActor } from "../audit/audit";

export const shippingOptionDto = z.object({
  _id: z.string(),
  city: z.string(),
  cityAr: z.string().nullable(),
  /** EGP; 0 shows as FREE. */
  shipping: z.number(),
  /** EGP, added to the fee. */
  additionalCost: z.number(),
  /** Business days, e.g. "1-2". */
  estTime: z.string(),
});
export type ShippingOptionDTO = z.infer<typeof shippingOptionDto>;

type ShippingRow = typeof shippingOptions.$inferSelect;

export function toShippingOptionDTO(row: ShippingRow): ShippingOptionDTO {
  return {
    _id: row.id,
    city: row.city,
    cityAr: row.cityAr,
    shipping: toEgp(row.shipping),
    additionalCost: toEgp(row.additionalCost),
    estTime: row.estTime,
  };
}

/** The default city first (SPEC §9), then alphabetically. */
export async function listShippingOptions(db: Db): Promise<ShippingOptionDTO[]> {
  const rows = await db
    .select()
    .from(shippingOptions)
    .orderBy(sql`${shippingOptions.city} <> ${DEFAULT_CITY}`, asc(shippingOptions.city));
  return rows.map(toShippingOptionDTO);
}

const sameCity = (city: string) => sql`lower(${shippingOptions.city}) = lower(${city})`;

/**
 * Creates the city, or updates it when a city of that name exists: the screen's create tab says
 * 'Successfully created or updated shipping data for the city'.
 */
export async function saveShippingOption(
  db: Db,
  input: ShippingOptionInput,
  actor?: AuditActor,
): Promise<ShippingOptionDTO> {
  const values = {
    city: input.city,
    cityAr: input.cityAr ?? null,
    shipping: toPiastres(input.shipping),
    estTime: input.estTime,
    ...(input.additionalCost !== undefined ? { additionalCost: toPiastres(input.additionalCost) } : {}),
    updatedAt: new Date(),
  };
  return db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: shippingOptions.id })
        .from(shippingOptions)
        .where(sameCity(input.city))
        .for("update");
      if (existing) {
        const [row] = await tx
          .update(shippingOptions)
          .set(values)
          .where(eq(shippingOptions.id, existing.id))
          .returning();
        if (actor)
          await recordAudit(tx, actor, "shipping.update", "shipping_option", row.id, {
            city: row.city,
            shipping: input.shipping,
          });
        return toShippingOptionDTO(row);
      }
      const [row] = await tx.insert(shippingOptions).values(values).onConflictDoNothing().returning();
      if (!row) throw conflict("ordersApi.cityExists");
      if (actor)
        await recordAudit(tx, actor, "shipping.create", "shipping_option", row.id, {
          city: row.city,
          shipping: input.shipping,
        });
      return toShippingOptionDTO(row);
    })
    .then(announce("content.changed", { reason: "shipping" }));
}

export async function updateShippingOption(
  db: Db,
  id: string,
  input: ShippingOptionInput,
  actor?: AuditActor,
): Promise<ShippingOptionDTO> {
  if (!isUuid(id)) throw notFound("ordersApi.shippingNotFound");
  const [clash] = await db
    .select({ id: shippingOptions.id })
    .from(shippingOptions)
    .where(sql`${sameCity(input.city)} and ${shippingOptions.id} <> ${id}`);
  if (clash) throw conflict("ordersApi.cityExists");
  const [row] = await db
    .update(shippingOptions)
    .set({
      city: input.city,
      cityAr: input.cityAr ?? null,
      shipping: toPiastres(input.shipping),
      estTime: input.estTime,
      ...(input.additionalCost !== undefined ? { additionalCost: toPiastres(input.additionalCost) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(shippingOptions.id, id))
    .returning();
  if (!row) throw notFound("ordersApi.shippingNotFound");
  if (actor)
    await recordAudit(db, actor, "shipping.update", "shipping_option", row.id, {
      city: row.city,
      shipping: input.shipping,
    });
  emit("content.changed", { reason: "shipping" });
  return toShippingOptionDTO(row);
}

export async function deleteShippingOption(db: Db, id: string, actor?: AuditActor): Promise<void> {
  if (!isUuid(id)) throw notFound("ordersApi.shippingNotFound");
  const rows = await db
    .delete(shippingOptions)
    .where(eq(shippingOptions.id, id))
    .returning({ id: shippingOptions.id, city: shippingOptions.city });
  if (rows.length === 0) throw notFound("ordersApi.shippingNotFound");
  if (actor) await recordAudit(db, actor, "shipping.delete", "shipping_option", id, { city: rows[0].city });
  emit("content.changed", { reason: "shipping" });
}

/** Sets (not adds) the extra cost on every chosen city; answers how many cities changed. */
export async function applyAdditionalCost(db: Db, input: AdditionalCostInput, actor?: AuditActor): Promise<number> {
  const ids = [...new Set(input.citiesId.filter(isUuid))];
  if (ids.length === 0) throw notFound("ordersApi.shippingNotFound");
  const rows = await db
    .update(shippingOptions)
    .set({ additionalCost: toPiastres(input.additionalCost), updatedAt: new Date() })
    .where(inArray(shippingOptions.id, ids))
    .returning({ id: shippingOptions.id });
  if (rows.length === 0) throw notFound("ordersApi.shippingNotFound");
  if (actor)
    await recordAudit(db, actor, "shipping.additionalCost", "shipping_option", null, {
      cities: rows.map((r) => r.id),
      additionalCost: input.additionalCost,
    });
  emit("content.changed", { reason: "shipping" });
  return rows.length;
}

export interface CityFee {
  city: string;
  /** Fee plus additional cost, never below 0. */
  fee: Piastres;
  estTime: string;
}

/**
 * The fee of the order's city. An unknown city is refused, except the default city, which keeps
 * its default fee even if staff removed it from the table (SPEC §9: Cairo, 50 EGP).
 */
export async function shippingFeeForCity(db: DbOrTx, city: string): Promise<CityFee> {
  const wanted = city.trim() || DEFAULT_CITY;
  const [row] = await db
    .select()
    .from(shippingOptions)
    .where(
      sql`lower(${shippingOptions.city}) = lower(${wanted}) or lower(${shippingOptions.cityAr}) = lower(${wanted})`,
    )
    .limit(1);
  if (row) return { city: row.city, fee: Math.max(0, row.shipping + row.additionalCost), estTime: row.estTime };
  if (wanted.toLowerCase() === DEFAULT_CITY.toLowerCase()) {
    return { city: DEFAULT_CITY, fee: toPiastres(DEFAULT_SHIPPING_EGP), estTime: "1-2" };
  }
  throw badInput("ordersApi.unknownCity");
}

/**
 * English city name → Arabic name, for screens that show an order's city (orders keep the English
 * name they were placed with) in the page's language.
 */
export async function listCityNamesAr(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ city: shippingOptions.city, cityAr: shippingOptions.cityAr }).from(shippingOptions);
  return Object.fromEntries(rows.filter((r) => r.cityAr?.trim()).map((r) => [r.city.toLowerCase(), r.cityAr!]));
}
