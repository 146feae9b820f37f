import { desc, eq } from "drizzle-orm";
import type { HeadlineInput } from "@core/validation/content";
import type { Db } from "../../db/client";
import { headlines } from "../../db/schema";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { recordAudit } from "../audit/audit";
import { isUuid } from "../../db/ids";
import { announce } from "../../events";
import type { HeadlineAdminDTO } from "./content-dto";

type HeadlineRow = typeof headlines.$inferSelect;

const toAdminDTO = (h: HeadlineRow): HeadlineAdminDTO => ({
  _id: h.id,
  title: h.title,
  titleAr: h.titleAr,
  promotion: h.promotion,
  promotionAr: h.promotionAr,
  hidden: h.hidden,
  active: h.active,
  createdAt: h.createdAt.toISOString(),
});

const headlineNotFound = () => new AppError("not_found", "catalogAdmin.headlineNotFound");

/** POST /getheadlines {hidden}: the deleted ones, or the others. */
export async function listHeadlines(db: Db, hidden: boolean): Promise<HeadlineAdminDTO[]> {
  const rows = await db.select().from(headlines).where(eq(headlines.hidden, hidden)).orderBy(desc(headlines.createdAt));
  return rows.map(toAdminDTO);
}

/** Headlines start inactive (SPEC §4). */
export async function createHeadline(db: Db, input: HeadlineInput, actor: SessionUser): Promise<HeadlineAdminDTO> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(headlines)
        .values({ ...input, active: false, hidden: false })
        .returning();
      await recordAudit(tx, actor, "headline.create", "headline", row!.id, { title: input.title });
      return toAdminDTO(row!);
    })
    .then(announce("content.changed", { reason: "headline" }));
}

export type HeadlineChange = { active: boolean } | { hidden: boolean };

export async function changeHeadline(
  db: Db,
  id: string,
  change: HeadlineChange,
  actor: SessionUser,
): Promise<HeadlineAdminDTO> {
  if (!isUuid(id)) throw headlineNotFound();
  return db
    .transaction(async (tx) => {
      const [row] = await tx.update(headlines).set(change).where(eq(headlines.id, id)).returning();
      if (!row) throw headlineNotFound();
      const action =
        "active" in change
          ? change.active
            ? "headline.activate"
            : "headline.deactivate"
          : change.hidden
            ? "headline.delete"
            : "headline.restore";
      await recordAudit(tx, actor, action, "headline", id);
      return toAdminDTO(row);
    })
    .then(announce("content.changed", { reason: "headline" }));
}
