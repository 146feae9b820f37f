import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { headlines } from "../../db/schema";
import type { Lang } from "@core/constants";
import type { ActiveHeadline } from "./content-dto";

/** The headline bar's data: active, not deleted, in the reader's language where staff gave one. */
export async function listActiveHeadlines(db: Db, lang: Lang): Promise<ActiveHeadline[]> {
  const rows = await db
    .select()
    .from(headlines)
    .where(and(eq(headlines.active, true), eq(headlines.hidden, false)))
    .orderBy(asc(headlines.createdAt));
  return rows.map((h) => ({
    _id: h.id,
    title: (lang === "ar" && h.titleAr) || h.title,
    promotion: (lang === "ar" && h.promotionAr) || h.promotion,
  }));
}
