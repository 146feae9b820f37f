/**
 * Promo codes (SPEC §7, §5 Promo code create): a percent off the items' subtotal. The checkout's
 * check here is advisory; the order takes a use inside its own transaction (redeemPromoCode), so
 * the usage limit holds under concurrent orders.
 */
import { desc, sql } from "drizzle-orm";
import type { PromoCodeInput } from "@core/validation/promo-code";
import { expiryFromInput } from "@core/validation/promo-code";
import type { Db, DbOrTx } from "../../db/client";
import { promoCodes } from "../../db/schema";
import { type AppError, badInput, conflict, notFound } from "../../errors";
import { isUuid } from "../../db/ids";
import { recordAudit, type AuditActor } from "../audit/audit";
import type { PromoCodeDTO } from "./promotions-dto";

type PromoRow = typeof promoCodes.$inferSelect;

export function toPromoCodeDTO(row: PromoRow): PromoCodeDTO {
  return {
    _id: row.id,
    code: row.code,
    discountValue: row.discountValue,
    usageLimit: row.usageLimit,
    uses: row.uses,
    expDate: row.expDate.toISOString(),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** Why a code cannot be used now, as the error the caller answers with; null when usable. */
export function promoRefusal(row: PromoRow | undefined, now = new Date()): AppError | null {
  if (!row?.active) return notFound("ordersApi.promoInvalid");
  if (row.expDate.getTime() <= now.getTime()) return badInput("ordersApi.promoExpired");
  if (row.uses >= row.usageLimit) return conflict("ordersApi.promoUsedUp");
  return null;
}

async function findByCode(db: DbOrTx, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(sql`${promoCodes.code} = ${normaliseCode(code)}`)
    .limit(1);
  return row;
}

/** GET /api/promocodes/{code}: the checkout's check before the order. */
export async function checkPromoCode(db: Db, code: string): Promise<{ discountValue: number; code: string }> {
  const row = await findByCode(db, code);
  const refusal = promoRefusal(row);
  if (refusal) throw refusal;
  return { discountValue: row!.discountValue, code: row!.code };
}

/**
 * Takes one use of the code inside the order's transaction, atomically: the conditional UPDATE
 * cannot pass the limit even when orders race. Answers the percent, or throws the reason.
 */
export async function redeemPromoCode(tx: DbOrTx, code: string): Promise<{ code: string; percent: number }> {
  const wanted = normaliseCode(code);
  const [row] = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(
      sql`${promoCodes.code} = ${wanted} and ${promoCodes.uses} < ${promoCodes.usageLimit}
          and ${promoCodes.expDate} > now() and ${promoCodes.active}`,
    )
    .returning({ code: promoCodes.code, percent: promoCodes.discountValue });
  if (row) return row;
  throw promoRefusal(await findByCode(tx, wanted)) ?? conflict("ordersApi.promoUsedUp");
}

/** Newest expiry first (SPEC §7). */
export async function listPromoCodes(db: Db): Promise<PromoCodeDTO[]> {
  const rows = await db.select().from(promoCodes).orderBy(desc(promoCodes.expDate), desc(promoCodes.createdAt));
  return rows.map(toPromoCodeDTO);
}

export async function createPromoCode(db: Db, input: PromoCodeInput, actor?: AuditActor): Promise<PromoCodeDTO> {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: input.code,
      discountValue: input.discountValue,
      usageLimit: input.usageLimit,
      expDate: expiryFromInput(input.expDate),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict("ordersApi.promoExists");
  if (actor)
    await recordAudit(db, actor, "promoCode.create", "promo_code", row.id, {
      code: row.code,
      discountValue: row.discountValue,
    });
  return toPromoCodeDTO(row);
}

/** Codes are deleted outright (SPEC §4); orders keep the code's text and percent. */
export async function deletePromoCode(db: Db, id: string, actor?: AuditActor): Promise<void> {
  if (!isUuid(id)) throw notFound("ordersApi.promoNotFound");
  const rows = await db
    .delete(promoCodes)
    .where(sql`${promoCodes.id} = ${id}`)
    .returning({ id: promoCodes.id, code: promoCodes.code });
  if (rows.length === 0) throw notFound("ordersApi.promoNotFound");
  if (actor) await recordAudit(db, actor, "promoCode.delete", "promo_code", id, { code: rows[0].code });
}
