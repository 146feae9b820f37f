/** Each category's size table (issue 15, part 6): read by shoppers, kept by staff. */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { SizeGuideInput } from "@core/validation/size-guide";
import { SIZES } from "@core/constants";
import type { Db } from "../../db/client";
import { categories, sizeGuides } from "../../db/schema";
import { AppError } from "../../errors";

const centimetres = z.number().nullable();
export const sizeGuideDto = z.object({
  category: z.string(),
  rows: z.array(
    z.object({ size: z.string(), bust: centimetres, waist: centimetres, hips: centimetres, length: centimetres }),
  ),
  note: z.string(),
  noteAr: z.string(),
  updatedAt: z.string(),
});
export type SizeGuideDTO = z.infer<typeof sizeGuideDto>;

const noGuide = () => new AppError("not_found", "sizeGuides.notFound");

/** Sizes in the shop's order (XS before S before M…), whatever order staff typed them in. */
const bySizeOrder = (rows: SizeGuideInput["rows"]) =>
  [...rows].sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size));

export async function getSizeGuide(db: Db, category: string) {
  const [guide] = await db.select().from(sizeGuides).where(eq(sizeGuides.category, category));
  if (!guide) throw noGuide();
  return guide;
}

export const listSizeGuides = (db: Db) => db.select().from(sizeGuides).orderBy(asc(sizeGuides.category));

/** Creates or replaces a category's table; an unknown category is a 404, not a new category. */
export async function saveSizeGuide(db: Db, category: string, input: SizeGuideInput) {
  const [known] = await db.select({ name: categories.name }).from(categories).where(eq(categories.name, category));
  if (!known) throw new AppError("not_found", "sizeGuides.categoryNotFound");
  const values = { rows: bySizeOrder(input.rows), note: input.note, noteAr: input.noteAr, updatedAt: new Date() };
  const [saved] = await db
    .insert(sizeGuides)
    .values({ category, ...values })
    .onConflictDoUpdate({ target: sizeGuides.category, set: values })
    .returning();
  return saved!;
}

export async function deleteSizeGuide(db: Db, category: string) {
  const deleted = await db.delete(sizeGuides).where(eq(sizeGuides.category, category)).returning();
  if (!deleted.length) throw noGuide();
}
