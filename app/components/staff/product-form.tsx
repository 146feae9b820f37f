import { useEffect, useMemo, useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { CATEGORIES, COLLECTIONS, LIMITS, SIZES } from "@core/constants";
import { sizeLabel } from "~/lib/size-label";
import {
  generateProductCode,
  productCreateInput,
  productFormSchema,
  productUpdateInput,
} from "@core/validation/product";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { ApiError } from "~/lib/api";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { ImageUpload } from "./image-upload";
import { cellKey, gridTotal, StockGrid, type GridCell } from "./stock-grid";
import { offeredPairs } from "@core/variants";

/** Whether the code is generated from the name; remembered in this browser (SPEC §2). */
export const AUTO_CODE_STORAGE_KEY = "azya.staff.autoProductCode";

interface FormState {
  name: string;
  nameAr: string;
  code: string;
  description: string;
  descriptionAr: string;
  category: string;
  collection: string;
  price: string;
  /** The stock grid's cells by size and colour (issue 15); the stock is their sum. */
  variants: Record<string, GridCell>;
  images: string[];
  sizes: string[];
  colors: string[];
  specifications: string[];
  specificationsAr: string[];
  bulkDiscountminQuantity: string;
  bulkDiscount: string;
}

const EMPTY: FormState = {
  name: "",
  nameAr: "",
  code: "",
  description: "",
  descriptionAr: "",
  category: "",
  collection: "",
  price: "",
  variants: {},
  images: [],
  sizes: [],
  colors: ["#000000"],
  specifications: [""],
  specificationsAr: [""],
  bulkDiscountminQuantity: "",
  bulkDiscount: "",
};

function fromProduct(p: ProductDTO): FormState {
  return {
    name: p.name,
    nameAr: p.nameAr ?? "",
    code: p.code,
    description: p.description,
    descriptionAr: p.descriptionAr ?? "",
    category: p.category,
    collection: p.collection ?? "",
    price: String(p.price),
    variants: Object.fromEntries(
      p.variants.map((v) => [cellKey(v.size, v.color), { stock: String(v.stock), sku: v.sku }]),
    ),
    images: p.images,
    sizes: p.sizes,
    colors: p.colors.length > 0 ? p.colors : ["#000000"],
    specifications: p.specifications.length > 0 ? p.specifications : [""],
    specificationsAr: p.specificationsAr.length > 0 ? p.specificationsAr : [""],
    bulkDiscountminQuantity: p.bulkDiscountminQuantity === null ? "" : String(p.bulkDiscountminQuantity),
    bulkDiscount: p.bulkDiscount === null ? "" : String(p.bulkDiscount),
  };
}

type Variants = ProductDTO["variants"];
/** The colour list without the row being typed (the server drops empty entries too). */
const filledColors = (colors: string[]) => colors.map((c) => c.trim()).filter(Boolean);
const stocksOf = (variants: Variants) => Object.fromEntries(variants.map((v) => [cellKey(v.size, v.color), v.stock]));

/**
 * The body the form sends: one variant per offered pair, each with the stock it was loaded with
 * (previousStock: a pair sold from meanwhile is refused with 409, decision 115 per variant).
 */
function toValues(form: FormState, base: Record<string, number> | null) {
  const { variants: cells, ...fields } = form;
  const variants = offeredPairs(form.sizes, filledColors(form.colors)).map((p) => {
    const key = cellKey(p.size, p.color);
    const cell = cells[key];
    return {
      ...p,
      // An empty cell is none of that pair.
      stock: cell?.stock.trim() ? cell.stock : "0",
      sku: cell?.sku ?? "",
      previousStock: base ? (base[key] ?? 0) : undefined,
    };
  });
  return { ...fields, variants };
}

/** The add and edit product form: every field of SPEC §3 with the rules and messages of §5. */
export function ProductForm({ product, onSaved }: { product?: ProductDTO; onSaved?: (p: ProductDTO) => void }) {
  const t = useT();
  const mode = product ? "edit" : "create";
  const initial = useMemo(() => (product ? fromProduct(product) : EMPTY), [product]);
  const [form, setForm] = useState<FormState>(initial);
  const [uploading, setUploading] = useState(false);
  const [autoCode, setAutoCode] = useState(false);
  const [seed, setSeed] = useState(() => Math.random());
  // Each pair's stock as this form was loaded: sent as previousStock so a save never brings back
  // units sold while the form was open (decision 115, per variant). A 409 answers the current ones.
  const [baseStock, setBaseStock] = useState<Record<string, number> | null>(
    product ? stocksOf(product.variants) : null,
  );
  const [stockConflict, setStockConflict] = useState<{ message: string; variants: Variants } | null>(null);

  // localStorage exists only in the browser; the server renders the toggle off.
  useEffect(() => {
    setAutoCode(mode === "create" && window.localStorage.getItem(AUTO_CODE_STORAGE_KEY) === "true");
  }, [mode]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the name is the trigger: the code follows the name while auto-code is on.
  useEffect(() => {
    if (autoCode) setForm((f) => ({ ...f, code: f.name.trim() ? generateProductCode(f.name, () => seed) : "" }));
  }, [autoCode, form.name, seed]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  function toggleAutoCode(on: boolean) {
    setAutoCode(on);
    window.localStorage.setItem(AUTO_CODE_STORAGE_KEY, String(on));
  }

  function toggleSize(size: string, on: boolean) {
    set("sizes", on ? SIZES.filter((s) => s === size || form.sizes.includes(s)) : form.sizes.filter((s) => s !== size));
  }

  // One save through the product's contract; the 409 of a moved stock opens the choice below.
  const save = useMutation(
    // The body is the checked values as the server reads them (trimmed, empty entries dropped).
    (values: ReturnType<typeof toValues>) =>
      product
        ? call("PUT /products/:id", { params: { id: product._id }, body: productUpdateInput.parse(values) })
        : call("POST /products", { body: productCreateInput.parse(values) }),
    {
      schema: productFormSchema(mode),
      // A moderator's new product waits for an admin: the toast says so (DESIGN §5).
      success: (reply) =>
        !product && reply.product.status === "pending"
          ? t("staff.productPending")
          : reply.message || t(product ? "staff.productUpdated" : "staff.productCreated"),
      // The edit screen keeps the saved product itself (onSaved); nothing else on these pages reads it.
      revalidate: false,
      onSuccess: (reply) => {
        if (product) {
          setForm(fromProduct(reply.product));
          setBaseStock(stocksOf(reply.product.variants));
          setStockConflict(null);
        } else {
          setForm(EMPTY);
          setSeed(Math.random());
        }
        onSaved?.(reply.product);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409 && Array.isArray(error.body.variants)) {
          setStockConflict({ message: error.message, variants: error.body.variants as Variants });
        }
      },
    },
  );
  const err = (key: string) => save.error(key) ?? null;
  // A pair's message (its index in the grid's pairs) or the grid's own; shown under the grid.
  const variantError =
    offeredPairs(form.sizes, filledColors(form.colors))
      .flatMap((_, i) => [err(`variants.${i}`), err(`variants.${i}.stock`), err(`variants.${i}.sku`)])
      .find(Boolean) ??
    err("variants") ??
    err("stock");

  return (
    <form
      onSubmit={save.onSubmit(() => toValues(form, baseStock))}
      noValidate
      className="grid grid-cols-1 gap-6 lg:grid-cols-2"
      data-testid="product-form"
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">{t("staff.productDetails")}</legend>
        <TextField
          label={t("staff.name")}
          value={form.name}
          onChange={(e) => set("name", e.target.value)}
          error={err("name")}
          required
          name="name"
        />
        <TextField
          label={t("staff.nameAr")}
          value={form.nameAr}
          onChange={(e) => set("nameAr", e.target.value)}
          dir="rtl"
          lang="ar"
          name="nameAr"
        />
        <div className="flex flex-col gap-2">
          <TextField
            label={t("staff.code")}
            value={form.code}
            onChange={(e) => set("code", e.target.value)}
            readOnly={autoCode}
            error={err("code")}
            required
            name="code"
            className="font-mono"
          />
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={autoCode}
              onChange={(e) => toggleAutoCode(e.target.checked)}
              data-testid="auto-code"
              className="size-4 accent-brand-600"
            />
            {t("staff.autoCode")}
          </label>
        </div>
        <TextAreaField
          label={t("staff.description")}
          value={form.description}
          onChange={(e) => set("description", e.target.value)}
          error={err("description")}
          required
          name="description"
        />
        <TextAreaField
          label={t("staff.descriptionAr")}
          value={form.descriptionAr}
          onChange={(e) => set("descriptionAr", e.target.value)}
          dir="rtl"
          lang="ar"
          name="descriptionAr"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("staff.category")}
            value={form.category}
            onChange={(e) => set("category", e.target.value)}
            error={err("category")}
            required
            name="category"
          >
            <option value="">{t("staff.chooseCategory")}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`common.category.${c}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("staff.collection")}
            value={form.collection}
            onChange={(e) => set("collection", e.target.value)}
            error={err("collection")}
            name="collection"
          >
            <option value="">{t("staff.noCollection")}</option>
            {COLLECTIONS.map((c) => (
              <option key={c} value={c}>
                {t(`common.collection.${c}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("staff.priceEgp")}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={form.price}
            onChange={(e) => set("price", e.target.value)}
            error={err("price")}
            required
            name="price"
          />
        </div>
        {stockConflict ? (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            data-testid="stock-conflict"
          >
            <p>{stockConflict.message}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  const now = stocksOf(stockConflict.variants);
                  setForm((f) => ({
                    ...f,
                    variants: Object.fromEntries(
                      Object.entries({
                        ...Object.fromEntries(Object.keys(now).map((k) => [k, { stock: "", sku: "" }])),
                        ...f.variants,
                      }).map(([k, cell]) => [k, { ...cell, stock: String(now[k] ?? cell.stock) }]),
                    ),
                  }));
                  setBaseStock(now);
                  setStockConflict(null);
                }}
                data-testid="stock-conflict-take"
              >
                {t("staff.stockConflictTake", { n: stockConflict.variants.reduce((s, v) => s + v.stock, 0) })}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setBaseStock(stocksOf(stockConflict.variants));
                  setStockConflict(null);
                }}
                data-testid="stock-conflict-keep"
              >
                {t("staff.stockConflictKeep", { n: gridTotal(form.variants, form.sizes, filledColors(form.colors)) })}
              </Button>
            </div>
          </div>
        ) : null}
        <fieldset className="grid gap-4 rounded-xl border border-line p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">{t("staff.bulkPricing")}</legend>
          <TextField
            label={t("staff.bulkQuantity")}
            type="number"
            min={1}
            step={1}
            value={form.bulkDiscountminQuantity}
            onChange={(e) => set("bulkDiscountminQuantity", e.target.value)}
            error={err("bulkDiscountminQuantity")}
            name="bulkDiscountminQuantity"
          />
          <TextField
            label={t("staff.bulkPrice")}
            type="number"
            min={0}
            step="0.01"
            value={form.bulkDiscount}
            onChange={(e) => set("bulkDiscount", e.target.value)}
            error={err("bulkDiscount")}
            name="bulkDiscount"
          />
          <p className="text-xs text-muted sm:col-span-2">{t("staff.bulkHint")}</p>
        </fieldset>
      </fieldset>

      <div className="flex flex-col gap-5">
        <ImageUpload
          label={t("staff.images")}
          value={form.images}
          onChange={(urls) => set("images", urls)}
          max={LIMITS.productMaxImages}
          error={err("images")}
          onUploadingChange={setUploading}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            {t("staff.sizes")}{" "}
            <span className="text-red-600" aria-hidden>
              *
            </span>
          </legend>
          <div className="flex flex-wrap gap-2" aria-describedby={err("sizes") ? "sizes-error" : undefined}>
            {SIZES.map((s) => (
              <label
                key={s}
                className="inline-flex cursor-pointer items-center gap-1 rounded-full border border-line px-3 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-900/40"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={form.sizes.includes(s)}
                  onChange={(e) => toggleSize(s, e.target.checked)}
                />
                {sizeLabel(s, t)}
              </label>
            ))}
          </div>
          {err("sizes") ? (
            <p id="sizes-error" role="alert" className="mt-1 text-xs text-red-600">
              {err("sizes")}
            </p>
          ) : null}
        </fieldset>
        <ListEditor
          legend={t("staff.colors")}
          values={form.colors}
          onChange={(v) => set("colors", v)}
          addLabel={t("staff.addColor")}
          itemLabel={(i) => t("staff.colorN", { n: i + 1 })}
          removeLabel={(i) => t("staff.removeColorN", { n: i + 1 })}
          newValue="#000000"
          type="color"
          error={err("colors")}
        />
        <StockGrid
          code={form.code}
          sizes={form.sizes}
          colors={filledColors(form.colors)}
          cells={form.variants}
          onChange={(key, cell) => setForm((f) => ({ ...f, variants: { ...f.variants, [key]: cell } }))}
          error={variantError}
        />
        <ListEditor
          legend={t("staff.specifications")}
          values={form.specifications}
          onChange={(v) => set("specifications", v)}
          addLabel={t("staff.addSpecification")}
          itemLabel={(i) => t("staff.specificationN", { n: i + 1 })}
          removeLabel={(i) => t("staff.removeSpecificationN", { n: i + 1 })}
          newValue=""
          error={err("specifications")}
        />
        <ListEditor
          legend={t("staff.specificationsAr")}
          values={form.specificationsAr}
          onChange={(v) => set("specificationsAr", v)}
          addLabel={t("staff.addSpecification")}
          itemLabel={(i) => t("staff.specificationArN", { n: i + 1 })}
          removeLabel={(i) => t("staff.removeSpecificationN", { n: i + 1 })}
          newValue=""
          dir="rtl"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="lg" loading={save.busy} disabled={uploading} data-testid="product-submit">
            {product ? t("staff.saveProduct") : t("staff.createProduct")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            size="lg"
            onClick={() => {
              setForm(initial);
              save.setErrors({});
              setStockConflict(null);
            }}
          >
            {t("staff.resetForm")}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** A growable list of inputs (colours, specifications); empty entries are dropped on submit. */
function ListEditor({
  legend,
  values,
  onChange,
  addLabel,
  itemLabel,
  removeLabel,
  newValue,
  type = "text",
  error,
  dir,
}: {
  legend: string;
  values: string[];
  onChange: (v: string[]) => void;
  addLabel: string;
  itemLabel: (i: number) => string;
  removeLabel: (i: number) => string;
  newValue: string;
  type?: "text" | "color";
  error?: string | null;
  dir?: "rtl";
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={type === "color" ? "flex flex-wrap gap-2" : "flex flex-col gap-2"}>
        {values.map((v, i) => (
          <div key={i} className="flex items-center gap-1">
            <input
              type={type}
              value={v}
              dir={dir}
              aria-label={itemLabel(i)}
              onChange={(e) => onChange(values.map((x, j) => (j === i ? e.target.value : x)))}
              className={
                type === "color"
                  ? "h-10 w-14 cursor-pointer rounded-lg border border-line bg-surface p-1"
                  : "w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500"
              }
            />
            <button
              type="button"
              onClick={() => onChange(values.filter((_, j) => j !== i))}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-red-600"
              aria-label={removeLabel(i)}
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
        ))}
      </div>
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...values, newValue])}>
          <Plus className="size-4" aria-hidden />
          {addLabel}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
