/**
 * Products from a CSV file (the columns of PRODUCT_CSV_COLUMNS; extra columns are ignored), matched
 * by code: a known code updates that product, a new one creates a product. Each row is validated by
 * the product form's own schema and saved through the catalogue's own create and update services
 * (pricing, search text, audit), one row at a time, so a bad row never stops the good ones: it is
 * reported with its row number (as a spreadsheet counts, the header being row 1) and its reasons.
 * An optional previousStock column (the export writes it) guards the stock: an existing product
 * whose stock moved since is reported as a conflict and not written (decision 115).
 * With size and color columns (the export writes them) a product is one row per size and colour
 * pair: the rows of one code form one product, its fields read from its first row, and each row's
 * stock, sku and previousStock are that pair's (issue 15). Without them a row is a product and its
 * stock the total, as before (decision 230).
 */
import { desc, inArray } from "drizzle-orm";
import type { z } from "zod";
import { productCreateInput, productUpdateInput } from "@core/validation/product";
import type { Lang } from "@core/constants";
import { isMessageKey, translate } from "@core/i18n";
import type { AppDeps } from "../../deps";
import { products } from "../../db/schema";
import { AppError, badInput } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { createProduct, stockChanged, updateProduct } from "../catalog/save-product";
import { variantStockChanged } from "../catalog/variants";
import { LIST_SEPARATOR, parseCsv, unguardCell } from "./csv";
import { PREVIOUS_STOCK_COLUMN, PRODUCT_CSV_COLUMNS } from "./export-csv";
import type { ImportReport } from "./back-office-dto";

export const IMPORT_MAX_ROWS = 5000;
const REQUIRED_COLUMNS = ["code", "name", "category", "price"] as const;
const LIST_COLUMNS = new Set(["sizes", "colors", "specifications", "images"]);
/** The columns that belong to one size and colour pair rather than to the product. */
const VARIANT_COLUMNS = ["size", "color", "sku", "stock"] as const;
const STOCK_CHANGED_KEY = stockChanged(0).key;
const VARIANT_STOCK_CHANGED_KEY = variantStockChanged({ size: "", color: "", sku: "", stock: 0 }, []).key;

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

function readRow(header: Map<Column, number>, cells: string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [column, index] of header) {
    const cell = unguardCell((cells[index] ?? "").trim());
    input[column] = LIST_COLUMNS.has(column)
      ? cell
          .split(LIST_SEPARATOR)
          .map((s) => s.trim())
          .filter(Boolean)
      : cell;
  }
  return input;
}

function issueReasons(issues: z.core.$ZodIssue[], lang: Lang): string[] {
  const reasons = issues.map((i) =>
    isMessageKey(i.message)
      ? translate(lang, i.message)
      : `${i.path.join(".")}: ${translate(lang, "validation.invalidInput")}`,
  );
  return [...new Set(reasons)];
}

export async function importProductsCsv(
  deps: AppDeps,
  text: string,
  actor: SessionUser,
  lang: Lang,
): Promise<ImportReport> {
  const rows = parseCsv(text);
  const headerCells = (rows[0] ?? []).map((c) => c.trim().toLowerCase());
  const header = new Map<Column, number>();
  for (const column of PRODUCT_CSV_COLUMNS) {
    const index = headerCells.indexOf(column.toLowerCase());
    if (index >= 0) header.set(column, index);
  }
  // The stock as exported: an update is refused when orders have changed it since (decision 115).
  const previousStockIndex = headerCells.indexOf(PREVIOUS_STOCK_COLUMN.toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !header.has(c));
  if (missing.length) throw badInput("pages.importMissingColumns", { columns: missing.join(", ") });
  if (rows.length - 1 > IMPORT_MAX_ROWS) throw badInput("pages.importTooManyRows", { n: IMPORT_MAX_ROWS });

  const codeIndex = header.get("code")!;
  const codes = [
    ...new Set(
      rows
        .slice(1)
        .map((r) => unguardCell((r[codeIndex] ?? "").trim()))
        .filter(Boolean),
    ),
  ];
  // Newest first, so when old data holds a code twice the newest product is the one updated.
  const known = codes.length
    ? await deps.db
        .select({ id: products.id, code: products.code, images: products.images })
        .from(products)
        .where(inArray(products.code, codes))
        .orderBy(desc(products.createdAt))
    : [];
  const byCode = new Map<string, { id: string; images: string[] }>();
  for (const p of known) if (!byCode.has(p.code)) byCode.set(p.code, { id: p.id, images: p.images });

  const perVariant = header.has("size") && header.has("color");
  const previousOf = (cells: string[]) =>
    previousStockIndex >= 0 ? unguardCell((cells[previousStockIndex] ?? "").trim()) : undefined;
  // Each entry is one product: its first row's number and fields (with its pairs' rows, per variant).
  const entries: { row: number; input: Record<string, unknown> }[] = [];
  const entryByCode = new Map<string, Record<string, unknown>>();
  for (let i = 1; i < rows.length; i++) {
    const cells = rows[i]!;
    if (cells.every((c) => c.trim() === "")) continue;
    const input = readRow(header, cells);
    const code = String(input.code ?? "");
    // A row whose size and colour cells are empty is a whole product with its total, as before.
    if (!perVariant || (input.size === "" && input.color === "")) {
      for (const c of ["size", "color", "sku"]) delete input[c];
      if (previousStockIndex >= 0) input.previousStock = previousOf(cells);
      entries.push({ row: i + 1, input });
      continue;
    }
    const variant = {
      ...Object.fromEntries(VARIANT_COLUMNS.map((c) => [c, input[c]])),
      previousStock: previousOf(cells),
    };
    const known = code ? entryByCode.get(code) : undefined;
    if (known) {
      (known.variants as unknown[]).push(variant);
      continue;
    }
    for (const c of VARIANT_COLUMNS) delete input[c];
    input.variants = [variant];
    if (code) entryByCode.set(code, input);
    entries.push({ row: i + 1, input });
  }

  const report: ImportReport = { created: [], updated: [], refused: [], conflicts: [] };
  for (const { row, input } of entries) {
    const code = String(input.code ?? "");
    const existing = code ? byCode.get(code) : undefined;
    // An update with an empty images cell keeps the product's images.
    if (existing && (!Array.isArray(input.images) || input.images.length === 0)) input.images = existing.images;
    const parsed = (existing ? productUpdateInput : productCreateInput).safeParse(input);
    if (!parsed.success) {
      report.refused.push({ row, code, reasons: issueReasons(parsed.error.issues, lang) });
      continue;
    }
    try {
      if (existing) {
        const saved = await updateProduct(deps, existing.id, parsed.data, actor);
        report.updated.push({ row, code, _id: saved._id });
      } else {
        const saved = await createProduct(deps, parsed.data as z.infer<typeof productCreateInput>, actor);
        byCode.set(code, { id: saved._id, images: saved.images });
        report.created.push({ row, code, _id: saved._id });
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.key === STOCK_CHANGED_KEY || err.key === VARIANT_STOCK_CHANGED_KEY) {
        report.conflicts.push({ row, code, stock: Number(err.extra?.stock) });
        report.refused.push({
          row,
          code,
          reasons: [translate(lang, "catalogAdmin.stockChangedSinceExport", err.vars)],
        });
        continue;
      }
      report.refused.push({ row, code, reasons: [translate(lang, err.key, err.vars)] });
    }
  }
  return report;
}
