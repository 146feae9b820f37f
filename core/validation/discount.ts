/** The discount form of SPEC §5 and POST /api/discounts. Messages are i18n keys (catalog-admin.json). */
import { z } from "zod";
import { CATEGORIES, COLLECTIONS } from "../constants";
import { uuidField } from "./fields";

const percent = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z
    .number({ error: "catalogAdmin.discountRange" })
    .int("catalogAdmin.discountRange")
    .min(0, "catalogAdmin.discountRange")
    .max(100, "catalogAdmin.discountRange"),
);

const hasShipping = z.boolean().optional().default(false);
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** One tab of the discounts screen each: By Category, By Collection, By Product. */
export const categoryDiscountForm = z.object({
  category: z.preprocess(blank, z.enum(CATEGORIES, { error: "catalogAdmin.categoryRequired" })),
  discount: percent,
  hasShipping,
});
export const collectionDiscountForm = z.object({
  collectionName: z.preprocess(blank, z.enum(COLLECTIONS, { error: "catalogAdmin.collectionRequired" })),
  discount: percent,
  hasShipping,
});
export const productDiscountForm = z.object({
  productId: z.preprocess(blank, uuidField("catalogAdmin.productRequired")),
  discount: percent,
  hasShipping,
});

/** The API body: a percent, free shipping, and exactly one target. */
export const discountInput = z
  .object({
    discount: percent,
    hasShipping,
    category: z.preprocess(blank, z.enum(CATEGORIES, { error: "catalogAdmin.categoryRequired" }).optional()),
    collectionName: z.preprocess(blank, z.enum(COLLECTIONS, { error: "catalogAdmin.collectionRequired" }).optional()),
    productId: z.preprocess(blank, uuidField("catalogAdmin.productRequired").optional()),
  })
  .superRefine((v, ctx) => {
    const targets = [v.category, v.collectionName, v.productId].filter((t) => t !== undefined).length;
    if (targets !== 1)
      ctx.addIssue({ code: "custom", path: ["category"], message: "catalogAdmin.discountTargetRequired" });
  });

export type DiscountInput = z.infer<typeof discountInput>;
