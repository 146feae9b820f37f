import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { headlines } from "../../db/schema";
import { on } from "../../events";
import type { Lang } from "@core/constants";
import type { ActiveHeadline } from "./content-dto";

type HeadlineRow = typeof headlines.$inferSelect;

/**
 * The active headlines per database, kept until a content write (every headline write emits
 * "content.changed", in this process or, through server/events-bridge.ts, in another). Every page
 * shows the headline bar, and they change a few times a year: reading them was one of a product
 * page's four queries. A read begun before a write is not kept past it: the write replaces the map.
 */
let kept = new WeakMap<Db, Promise<HeadlineRow[]>>();
const forget = () => {
  kept = new WeakMap();
};
on("content.changed", forget);
// A process that lost the other processes' events resyncs through "catalogue.changed".
on("catalogue.changed", forget);

function activeRows(db: Db): Promise<HeadlineRow[]> {
  const known = kept.get(db);
  if (known) return known;
  const map = kept;
  const reading = db
    .select()
    .from(headlines)
    .where(and(eq(headlines.active, true), eq(headlines.hidden, false)))
    .orderBy(asc(headlines.createdAt))
    .execute();
  map.set(db, reading);
  // A failed read is not kept: the next page asks again.
  reading.catch(() => map.get(db) === reading && map.delete(db));
  return reading;
}

/** The headline bar's data: active, not deleted, in the reader's language where staff gave one. */
export async function listActiveHeadlines(db: Db, lang: Lang): Promise<ActiveHeadline[]> {
  const rows = await activeRows(db);
  return rows.map((h) => ({
    _id: h.id,
    title: (lang === "ar" && h.titleAr) || h.title,
    promotion: (lang === "ar" && h.promotionAr) || h.promotion,
  }));
}
