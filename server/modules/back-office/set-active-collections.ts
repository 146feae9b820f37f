import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { collections } from "../../db/schema";
import type { SessionUser } from "../accounts/sessions";
import { recordAudit } from "../audit/audit";
import { emit } from "../../events";

/**
 * The admin's collections picker: exactly the given collections become active, every other one
 * inactive. The home page shows only active collections (catalog's home data reads collections.active).
 */
export async function setActiveCollections(db: Db, names: string[], actor: SessionUser): Promise<string[]> {
  const wanted = [...new Set(names)];
  const active = await db.transaction(async (tx) => {
    await tx
      .update(collections)
      .set({ active: wanted.length ? inArray(collections.name, wanted) : sql`false` })
      .where(sql`true`);
    const active = await tx
      .select({ name: collections.name })
      .from(collections)
      .where(eq(collections.active, true))
      .orderBy(collections.sortOrder, collections.name);
    await recordAudit(tx, actor, "collections.setActive", "collection", null, { active: active.map((c) => c.name) });
    return active.map((c) => c.name);
  });
  // The home page's rows are memoised briefly (docs/decisions/042): show the new set at once.
  emit("catalogue.changed", { reason: "collections" });
  return active;
}
