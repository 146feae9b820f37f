/**
 * The product form of SPEC §5, shared by the back-office form and POST/PUT /api/products.
 * Messages are i18n keys (core/i18n/<lang>/catalog-admin.json). Prices are EGP numbers here; the
 * server turns them into piastres.
 */
import { z } from "zod";
import { CATEGORIES, COLLECTIONS, LIMITS, SIZES } from "../constants";

/** "" and null from an untouched form field mean "not given". */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const optionalText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined)),
  z.string({ error: "validation.invalidInput" }).trim().max(5000, "validation.tooLong").optional(),
);

/** Empty entries are dropped before validation (SPEC §5). */
const textList = (max: number) =>
  z.preprocess(
    (v) =>
      Array.isArray(v) ? v.filter((s) => typeof s === "string" && s.trim() !== "").map((s: string) => s.trim()) : v,
    z
      .array(z.string({ error: "validation.invalidInput" }).max(500, "validation.tooLong"), {
        error: "validation.invalidInput",
      })
      .max(max, "validation.tooLong"),
  );

const money = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && n > 0, message)
      .refine((n) => n <= 10_000_000, message),
  );

const stockCount = z
  .number({ error: "catalogAdmin.stockNotNegative" })
  .int("catalogAdmin.stockNotNegative")
  .min(0, "catalogAdmin.stockNotNegative")
  .max(1_000_000, "catalogAdmin.stockNotNegative");

const countField = (v: unknown) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v);

/**
 * One size and colour pair's stock (issue 15). `previousStock` is the pair's stock as the form or
 * sheet loaded it: an edit whose pair has moved since is refused (decision 115, per variant).
 */
export const variantInput = z.object({
  size: z.string({ error: "validation.invalidInput" }).trim().max(40, "validation.tooLong"),
  color: z.string({ error: "validation.invalidInput" }).trim().max(40, "validation.tooLong"),
  stock: z.preprocess(countField, stockCount),
  sku: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined)),
    z
      .string({ error: "validation.invalidInput" })
      .trim()
      // `abort`: zod 4 runs the pattern after a failed plain .max().
      .max(80, { error: "validation.tooLong", abort: true })
      .regex(/^[\p{L}\p{N}._ -]+$/u, "variants.skuInvalid")
      .optional(),
  ),
  previousStock: z.preprocess(countField, stockCount.optional()),
});
export type VariantInput = z.infer<typeof variantInput>;

const baseShape = {
  name: z
    .string({ error: "catalogAdmin.nameRequired" })
    .trim()
    .min(1, "catalogAdmin.nameRequired")
    .max(200, "validation.tooLong"),
  nameAr: optionalText,
  code: z
    .string({ error: "catalogAdmin.codeRequired" })
    .trim()
    .min(1, "catalogAdmin.codeRequired")
    .max(60, "validation.tooLong"),
  description: z
    .string({ error: "catalogAdmin.descriptionRequired" })
    .trim()
    .min(1, "catalogAdmin.descriptionRequired")
    .max(5000, "validation.tooLong"),
  descriptionAr: optionalText,
  category: z.enum(CATEGORIES, { error: "catalogAdmin.categoryRequired" }),
  collection: z.preprocess(
    blankToUndefined,
    z.enum(COLLECTIONS, { error: "catalogAdmin.collectionInvalid" }).optional(),
  ),
  price: money("catalogAdmin.pricePositive"),
  /** The total; required without `variants`, ignored with them (their sum is the stock): decision 230. */
  stock: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v === null ? undefined : v),
    stockCount.optional(),
  ),
  variants: z
    .array(variantInput, { error: "validation.invalidInput" })
    .max(SIZES.length * 20, "validation.tooLong")
    .optional(),
  images: z
    .array(
      z
        .string({ error: "catalogAdmin.imageNotFound" })
        .trim()
        .min(1, "catalogAdmin.imageNotFound")
        .max(500, "catalogAdmin.imageNotFound"),
      { error: "catalogAdmin.imageRequired" },
    )
    .max(LIMITS.productMaxImages, "catalogAdmin.maxImages"),
  sizes: textList(SIZES.length + 5)
    .pipe(z.array(z.enum(SIZES, { error: "catalogAdmin.sizeInvalid" })).min(1, "catalogAdmin.sizeRequired"))
    .refine((s) => new Set(s).size === s.length, "catalogAdmin.sizesUnique"),
  colors: textList(20).pipe(z.array(z.string()).min(1, "catalogAdmin.colorRequired")),
  specifications: textList(30).optional().default([]),
  specificationsAr: textList(30).optional().default([]),
  bulkDiscountminQuantity: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v === null ? undefined : v),
    z
      .number({ error: "catalogAdmin.bulkQuantityPositive" })
      .int("catalogAdmin.bulkQuantityPositive")
      .positive("catalogAdmin.bulkQuantityPositive")
      .max(1000)
      .optional(),
  ),
  bulkDiscount: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v === null ? undefined : v),
    z
      .number({ error: "catalogAdmin.bulkPricePositive" })
      .positive("catalogAdmin.bulkPricePositive")
      .max(10_000_000)
      .optional(),
  ),
};

type BulkFields = { bulkDiscountminQuantity?: number; bulkDiscount?: number };
const BULK_FIELDS: readonly PropertyKey[] = ["bulkDiscountminQuantity", "bulkDiscount"];

type StockFields = { stock?: number; variants?: VariantInput[]; sizes: string[]; colors: string[] };

/**
 * Either a total or the variants; each variant one of the offered pairs (its sizes by its colours),
 * each pair once, each SKU once.
 */
function stockShape(value: StockFields, ctx: z.RefinementCtx) {
  if (value.variants === undefined) {
    if (value.stock === undefined) {
      ctx.addIssue({ code: "custom", path: ["stock"], message: "catalogAdmin.stockNotNegative" });
    }
    return;
  }
  const sizes = value.sizes.length ? value.sizes : [""];
  const colors = (value.colors.length ? value.colors : [""]).map((c) => c.toLowerCase());
  const pairs = new Set<string>();
  const skus = new Set<string>();
  value.variants.forEach((v, i) => {
    const key = `${v.size}\u0000${v.color.toLowerCase()}`;
    if (!sizes.includes(v.size) || !colors.includes(v.color.toLowerCase())) {
      ctx.addIssue({ code: "custom", path: ["variants", i], message: "variants.pairNotOffered" });
    } else if (pairs.has(key)) {
      ctx.addIssue({ code: "custom", path: ["variants", i], message: "variants.pairTwice" });
    }
    pairs.add(key);
    if (v.sku !== undefined) {
      if (skus.has(v.sku.toUpperCase())) {
        ctx.addIssue({ code: "custom", path: ["variants", i, "sku"], message: "variants.skuTwice" });
      }
      skus.add(v.sku.toUpperCase());
    }
  });
}

/**
 * A bulk quantity and a bulk price only mean something together. The pair is checked even when
 * other fields failed, so the form (and a 400's `errors`) lists every message at once; not when
 * the body is no object or one of the pair did not parse (its own message says why).
 */
function bulkPaired<T extends z.ZodType<BulkFields>>(schema: T) {
  const when = (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !payload.issues.some((i) => !i.path?.length || BULK_FIELDS.includes(i.path[0]!));
  return schema
    .refine((v) => v.bulkDiscountminQuantity === undefined || v.bulkDiscount !== undefined, {
      path: ["bulkDiscount"],
      message: "catalogAdmin.bulkPriceRequired",
      when,
    })
    .refine((v) => v.bulkDiscount === undefined || v.bulkDiscountminQuantity !== undefined, {
      path: ["bulkDiscountminQuantity"],
      message: "catalogAdmin.bulkQuantityRequired",
      when,
    });
}

/** Create: at least one image (SPEC §5 "An image is required only on create"). */
export const productCreateInput = bulkPaired(
  z.object({ ...baseShape, images: baseShape.images.min(1, "catalogAdmin.imageRequired") }),
).superRefine(stockShape);

/**
 * Edit only: the stock the form (or spreadsheet row) was loaded with. The server refuses the save
 * when the stored stock has moved since, so units sold meanwhile are not sold again (decision 115).
 */
const previousStock = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v === null ? undefined : v),
  z
    .number({ error: "catalogAdmin.stockNotNegative" })
    .int("catalogAdmin.stockNotNegative")
    .min(0, "catalogAdmin.stockNotNegative")
    .max(1_000_000)
    .optional(),
);

/** Edit: the same rules, images may be left as they are. */
export const productUpdateInput = bulkPaired(z.object({ ...baseShape, previousStock })).superRefine(stockShape);

export type ProductCreateInput = z.infer<typeof productCreateInput>;
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;
export type ProductFormValues = z.input<typeof productCreateInput>;

/** The schema for the form's mode. */
export const productFormSchema = (mode: "create" | "edit") =>
  mode === "create" ? productCreateInput : productUpdateInput;

/** SPEC §5: the uppercased initials of the name's words, a dash, then a random 5-digit number. */
export function generateProductCode(name: string, random: () => number = Math.random): string {
  const initials = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  const digits = String(Math.floor(random() * 90_000) + 10_000);
  return `${initials || "P"}-${digits}`;
}
