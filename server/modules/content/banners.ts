import { and, asc, desc, eq } from "drizzle-orm";
import type { BannerInput } from "@core/validation/content";
import type { Lang } from "@core/constants";
import type { Db } from "../../db/client";
import { promoBanners } from "../../db/schema";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { emit } from "../../events";
import { recordAudit } from "../audit/audit";
import { isUuid } from "../../db/ids";
import type { BannerAdminDTO, BannerDTO } from "./content-dto";

/** Still named here for the home data (catalog/home-data.ts), which checks its own schema against it. */
export type { BannerDTO };

type BannerRow = typeof promoBanners.$inferSelect;

const localised = (b: BannerRow, lang: Lang): BannerDTO => ({
  _id: b.id,
  title: (lang === "ar" && b.titleAr) || b.title,
  description: (lang === "ar" && b.descriptionAr) || b.description,
  link: b.link,
  buttonText: (lang === "ar" && b.buttonTextAr) || b.buttonText,
  image: b.image,
  hidden: b.hidden,
  active: b.active,
});

const toAdminDTO = (b: BannerRow): BannerAdminDTO => ({
  ...localised(b, "en"),
  titleAr: b.titleAr,
  descriptionAr: b.descriptionAr,
  buttonTextAr: b.buttonTextAr,
  createdAt: b.createdAt.toISOString(),
});

const bannerNotFound = () => new AppError("not_found", "catalogAdmin.bannerNotFound");

/** The hero carousel: active and not deleted, oldest first so staff control the order by creating. */
export async function listActiveBanners(db: Db, lang: Lang): Promise<BannerDTO[]> {
  const rows = await db
    .select()
    .from(promoBanners)
    .where(and(eq(promoBanners.active, true), eq(promoBanners.hidden, false)))
    .orderBy(asc(promoBanners.createdAt));
  return rows.map((b) => localised(b, lang));
}

/** POST /getpromos {hidden}: the deleted ones, or the others. */
export async function listBanners(db: Db, hidden: boolean): Promise<BannerAdminDTO[]> {
  const rows = await db
    .select()
    .from(promoBanners)
    .where(eq(promoBanners.hidden, hidden))
    .orderBy(desc(promoBanners.createdAt));
  return rows.map(toAdminDTO);
}

/** Banners start inactive (SPEC §4); staff switch them on when ready. */
export async function createBanner(db: Db, input: BannerInput, actor: SessionUser): Promise<BannerAdminDTO> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promoBanners)
      .values({ ...input, active: false, hidden: false })
      .returning();
    await recordAudit(tx, actor, "banner.create", "promo_banner", row!.id, { title: input.title });
    return toAdminDTO(row!);
  });
}

export type BannerChange = { active: boolean } | { hidden: boolean };

/** Activate, deactivate, soft-delete or restore; each leaves an audit row. */
export async function changeBanner(
  db: Db,
  id: string,
  change: BannerChange,
  actor: SessionUser,
): Promise<BannerAdminDTO> {
  if (!isUuid(id)) throw bannerNotFound();
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.update(promoBanners).set(change).where(eq(promoBanners.id, id)).returning();
    if (!row) throw bannerNotFound();
    const action =
      "active" in change
        ? change.active
          ? "banner.activate"
          : "banner.deactivate"
        : change.hidden
          ? "banner.delete"
          : "banner.restore";
    await recordAudit(tx, actor, action, "promo_banner", id);
    return toAdminDTO(row);
  });
  // The home data carries the active banners.
  emit("catalogue.changed", { reason: "banner" });
  return changed;
}
