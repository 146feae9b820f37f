/**
 * A category's size table (issue 15, part 6), shared by the staff screen and
 * PUT /api/size-guides/:category. Measurements are centimetres; an empty cell is null.
 */
import { z } from "zod";
import { SIZES } from "../constants";

/** Body measurements a person could have, in centimetres, to one decimal. */
const centimetres = z
  .number({ error: "sizeGuides.measureInvalid" })
  .min(1, "sizeGuides.measureInvalid")
  .max(300, "sizeGuides.measureInvalid")
  .transform((v) => Math.round(v * 10) / 10)
  .nullable();

export const sizeGuideRowInput = z.object({
  size: z.enum(SIZES, { error: "sizeGuides.sizeInvalid" }),
  bust: centimetres,
  waist: centimetres,
  hips: centimetres,
  length: centimetres,
});

export const sizeGuideInput = z.object({
  rows: z
    .array(sizeGuideRowInput, { error: "sizeGuides.rowsRequired" })
    .min(1, "sizeGuides.rowsRequired")
    .max(SIZES.length, "sizeGuides.rowsRequired")
    .refine((rows) => new Set(rows.map((r) => r.size)).size === rows.length, "sizeGuides.sizeTwice"),
  note: z.string().trim().max(500, "validation.tooLong").default(""),
  noteAr: z.string().trim().max(500, "validation.tooLong").default(""),
});

export type SizeGuideInput = z.infer<typeof sizeGuideInput>;
export type SizeGuideFormValues = z.input<typeof sizeGuideInput>;

/** A category name in a path: capped before anything reads it. */
export const categoryParam = z.object({
  category: z.string({ error: "validation.notFound" }).max(40, "validation.notFound"),
});
