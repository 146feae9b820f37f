/**
 * The staff product form's stock (issue 15): a grid of sizes (rows) by colours (columns), one
 * number per pair with its SKU under it, and the total. Arrow keys move between the numbers as the
 * grid reads (mirrored in Arabic); Tab goes through every field in order.
 */
import type { KeyboardEvent } from "react";
import { defaultSku, offeredPairs } from "@core/variants";
import { useLang, useT } from "~/i18n/react";
import { swatchColor } from "@core/color-names";
import { colorLabel } from "~/components/catalog/variant-label";
import { sizeLabel } from "~/lib/size-label";

export interface GridCell {
  stock: string;
  sku: string;
}

export const cellKey = (size: string, color: string) => `${size}\u0000${color.toLowerCase()}`;

/** The total of the grid's numbers (blank counts as 0). */
export function gridTotal(cells: Record<string, GridCell>, sizes: string[], colors: string[]): number {
  return offeredPairs(sizes, colors).reduce((sum, p) => {
    const n = Number(cells[cellKey(p.size, p.color)]?.stock ?? 0);
    return sum + (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  }, 0);
}

export function StockGrid({
  code,
  sizes,
  colors,
  cells,
  onChange,
  error,
}: {
  code: string;
  sizes: string[];
  colors: string[];
  cells: Record<string, GridCell>;
  onChange: (key: string, cell: GridCell) => void;
  error?: string | null;
}) {
  const t = useT();
  const rtl = useLang() === "ar";
  const rows = sizes.length ? sizes : [""];
  const columns = colors.length ? colors : [""];
  const total = gridTotal(cells, sizes, colors);

  /** Arrow keys move to the neighbouring number; Left and Right swap in Arabic, as the grid is mirrored. */
  function move(e: KeyboardEvent<HTMLInputElement>, row: number, column: number) {
    const step: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, rtl ? 1 : -1],
      ArrowRight: [0, rtl ? -1 : 1],
    };
    const d = step[e.key];
    if (!d) return;
    const next = e.currentTarget.form?.querySelector<HTMLInputElement>(
      `[data-stock-cell="${row + d[0]}:${column + d[1]}"]`,
    );
    if (!next) return;
    e.preventDefault();
    next.focus();
    next.select();
  }

  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid="stock-grid">
      <legend className="px-1 text-sm font-medium">{t("variants.gridLegend")}</legend>
      <p className="text-xs text-muted">{t("variants.gridHint")}</p>
      {sizes.length === 0 && colors.length === 0 ? (
        <p className="text-sm text-muted">{t("variants.gridEmpty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="border-separate border-spacing-1 text-sm">
            <thead>
              <tr>
                <th scope="col" className="text-start font-medium">
                  <span className="sr-only">{t("variants.sizeByColor")}</span>
                </th>
                {columns.map((c) => (
                  <th key={c} scope="col" className="px-1 text-center font-medium">
                    <span className="inline-flex items-center gap-1">
                      {c ? (
                        <span
                          className="size-4 rounded-full border border-line"
                          style={{ backgroundColor: swatchColor(c) }}
                          aria-hidden
                        />
                      ) : null}
                      <bdi>{c ? colorLabel(c, t) : t("variants.anyColor")}</bdi>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((s, row) => (
                <tr key={s}>
                  <th scope="row" className="pe-2 text-start font-medium">
                    <bdi>{s ? sizeLabel(s, t) : t("variants.anySize")}</bdi>
                  </th>
                  {columns.map((c, column) => {
                    const key = cellKey(s, c);
                    const cell = cells[key] ?? { stock: "", sku: "" };
                    const pair = [s ? sizeLabel(s, t) : "", c ? colorLabel(c, t) : ""]
                      .filter(Boolean)
                      .join(t("variants.pairSeparator"));
                    return (
                      <td key={c} className="align-top">
                        <div className="flex flex-col gap-1">
                          <input
                            type="number"
                            min={0}
                            step={1}
                            inputMode="numeric"
                            className="h-9 w-20 rounded-lg border border-line bg-surface px-2 text-end tabular-nums focus-visible:outline-2 focus-visible:outline-brand-500"
                            value={cell.stock}
                            onChange={(e) => onChange(key, { ...cell, stock: e.target.value })}
                            onKeyDown={(e) => move(e, row, column)}
                            aria-label={t("variants.stockOf", { pair })}
                            data-stock-cell={`${row}:${column}`}
                            data-testid={`stock-${s}-${c}`}
                          />
                          <input
                            type="text"
                            maxLength={80}
                            className="h-7 w-20 rounded border border-line bg-surface px-1 text-xs text-muted"
                            value={cell.sku}
                            placeholder={defaultSku(code || "", s, c)}
                            onChange={(e) => onChange(key, { ...cell, sku: e.target.value })}
                            aria-label={t("variants.skuOf", { pair })}
                            dir="ltr"
                          />
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm font-medium" aria-live="polite" data-testid="stock-total">
        {t("variants.total", { n: total })}
      </p>
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
