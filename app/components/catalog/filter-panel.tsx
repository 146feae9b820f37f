import { Slider } from "radix-ui";
import { useId, useState } from "react";
import { CATEGORIES, COLLECTIONS, LIMITS } from "@core/constants";
import { groupThousands } from "@core/pricing";
import { Button } from "~/components/ui/button";
import { useDir, useT } from "~/i18n/react";
import { EMPTY_FILTERS, priceToSlider, sliderToPrice, type ShopFilters } from "./shop-filters";

/**
 * The shop's filters as a draft: nothing changes until Apply; Reset All clears everything. The
 * same panel is the desktop sidebar and the phone's bottom sheet.
 *
 * It is a plain GET form to /shop whose field names are the shop's query (core/shop-query.ts), so
 * Apply works before the scripts arrive (docs/decisions/161); the price boxes send priceMin and
 * priceMax, which the same schema reads. With the scripts, Apply navigates to the canonical URL.
 * `keep` carries the choices made outside the panel (sort, page size, grid) as hidden fields.
 */
export function FilterPanel({
  filters,
  onApply,
  keep = {},
}: {
  filters: ShopFilters;
  onApply: (f: ShopFilters) => void;
  keep?: Record<string, string>;
}) {
  const t = useT();
  const dir = useDir();
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const set = <K extends keyof ShopFilters>(key: K, value: ShopFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const slider = priceToSlider(draft);
  const label = "mb-1 block text-sm font-medium";
  const control =
    "w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500";

  return (
    <form
      method="get"
      action="/shop"
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
      data-testid="filter-panel"
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <label htmlFor={`${id}-search`} className={label}>
          {t("catalog.searchLabel")}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          name="search"
          value={draft.search}
          maxLength={100}
          onChange={(e) => set("search", e.target.value)}
          placeholder={t("catalog.searchInShop")}
          className={control}
          data-testid="filter-search"
        />
      </div>
      <div>
        <label htmlFor={`${id}-category`} className={label}>
          {t("catalog.category")}
        </label>
        <select
          id={`${id}-category`}
          name="category"
          value={draft.category}
          onChange={(e) => set("category", e.target.value as ShopFilters["category"])}
          className={control}
          data-testid="filter-category"
        >
          <option value="">{t("catalog.allCategories")}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`common.category.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-collection`} className={label}>
          {t("catalog.collection")}
        </label>
        <select
          id={`${id}-collection`}
          name="collection"
          value={draft.collection}
          onChange={(e) => set("collection", e.target.value as ShopFilters["collection"])}
          className={control}
          data-testid="filter-collection"
        >
          <option value="">{t("catalog.allCollections")}</option>
          {COLLECTIONS.map((c) => (
            <option key={c} value={c}>
              {t(`common.collection.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className={label}>{t("catalog.availability")}</legend>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="inStock"
            value="true"
            checked={draft.inStock}
            onChange={(e) => set("inStock", e.target.checked)}
            className="size-4 accent-brand-600"
            data-testid="filter-in-stock"
          />
          {t("catalog.inStockOnly")}
        </label>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="discount"
            value="true"
            checked={draft.discount}
            onChange={(e) => set("discount", e.target.checked)}
            className="size-4 accent-brand-600"
            data-testid="filter-discount"
          />
          {t("catalog.discountOnly")}
        </label>
      </fieldset>
      <fieldset>
        <legend className={label}>{t("catalog.price")}</legend>
        <Slider.Root
          dir={dir}
          min={0}
          max={LIMITS.priceSliderMax}
          step={LIMITS.priceSliderStep}
          minStepsBetweenThumbs={0}
          value={slider}
          onValueChange={(v) => setDraft((d) => ({ ...d, ...sliderToPrice([v[0], v[1]]) }))}
          className="relative flex h-6 w-full touch-none select-none items-center"
          data-testid="price-slider"
        >
          <Slider.Track className="relative h-1.5 grow rounded-full bg-line">
            <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
          </Slider.Track>
          <Slider.Thumb
            aria-label={t("catalog.priceMin")}
            className="block size-5 rounded-full border-2 border-brand-600 bg-surface shadow focus-visible:outline-2 focus-visible:outline-brand-500"
          />
          <Slider.Thumb
            aria-label={t("catalog.priceMax")}
            className="block size-5 rounded-full border-2 border-brand-600 bg-surface shadow focus-visible:outline-2 focus-visible:outline-brand-500"
          />
        </Slider.Root>
        <p className="mt-2 flex justify-between text-sm text-muted" data-testid="price-range-text">
          <bdi>{groupThousands(slider[0])}</bdi>
          <bdi>
            {slider[1] >= LIMITS.priceSliderMax
              ? t("catalog.priceAndAbove", { n: groupThousands(LIMITS.priceSliderMax) })
              : groupThousands(slider[1])}
          </bdi>
        </p>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <div>
            <label htmlFor={`${id}-price-min`} className="mb-1 block text-xs text-muted">
              {t("catalog.priceFrom")}
            </label>
            <input
              id={`${id}-price-min`}
              type="number"
              name="priceMin"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={draft.priceMin > 0 ? draft.priceMin : ""}
              onChange={(e) => set("priceMin", Math.max(0, Number(e.target.value) || 0))}
              className={control}
              data-testid="filter-price-min"
            />
          </div>
          <div>
            <label htmlFor={`${id}-price-max`} className="mb-1 block text-xs text-muted">
              {t("catalog.priceTo")}
            </label>
            <input
              id={`${id}-price-max`}
              type="number"
              name="priceMax"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={draft.priceMax < LIMITS.priceFilterMax ? draft.priceMax : ""}
              onChange={(e) =>
                set(
                  "priceMax",
                  e.target.value === "" ? LIMITS.priceFilterMax : Math.max(0, Number(e.target.value) || 0),
                )
              }
              className={control}
              data-testid="filter-price-max"
            />
          </div>
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" className="flex-1 whitespace-nowrap" data-testid="filter-apply">
          {t("catalog.apply")}
        </Button>
        <Button
          variant="outline"
          className="flex-1 whitespace-nowrap"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
          data-testid="filter-reset"
        >
          {t("catalog.resetAll")}
        </Button>
      </div>
    </form>
  );
}
