import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { categories } from "./catalog";

/** One row of a size table: a size and its body measurements in centimetres (null: not measured). */
export interface SizeGuideRow {
  size: string;
  bust: number | null;
  waist: number | null;
  hips: number | null;
  length: number | null;
}

/**
 * One size table per category (issue 15, part 6). The column headings are i18n strings; the
 * staff's own note under the table is kept in both languages.
 */
export const sizeGuides = pgTable("size_guides", {
  category: text("category")
    .primaryKey()
    .references(() => categories.name, { onDelete: "cascade" }),
  rows: jsonb("rows").$type<SizeGuideRow[]>().notNull(),
  note: text("note").notNull().default(""),
  noteAr: text("note_ar").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
