import { useState } from "react";
import { Trash2, Truck } from "lucide-react";
import type { Route } from "./+types/discounts";
import { CATEGORIES, COLLECTIONS } from "@core/constants";
import type { z } from "zod";
import {
  categoryDiscountForm,
  collectionDiscountForm,
  type discountInput,
  productDiscountForm,
} from "@core/validation/discount";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import type { DiscountDTO } from "@server/modules/promotions/promotions-dto";
import { listDiscounts } from "@server/modules/promotions/discounts";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { call } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { type Mutation, useMutation } from "~/lib/use-mutation";
import { metaTranslator } from "~/i18n/meta";
import { useT, useLang } from "~/i18n/react";
import { inPageLang, textLang } from "~/lib/text-lang";
import { productName } from "~/components/catalog/product-text";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { Tabs } from "~/components/ui/tabs";
import { ConfirmDialog } from "~/components/ui/dialog";
import { ErrorBlock, Spinner } from "~/components/ui/states";
import { StaffPage, StaffSection } from "~/components/staff/staff-page";
import { td, StaffTable } from "~/components/staff/table-scroll";
import { QueryStatus } from "~/components/staff/query-status";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  return {
    list: await initialData(context, "discounts", async () => ({ discounts: await listDiscounts(context.deps) })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("staff.discountsTitle") }, { name: "robots", content: "noindex" }];
}

type Kind = "category" | "collection" | "product";

function targetOf(d: DiscountDTO): { kind: Kind; key: string } | null {
  if (d.category) return { kind: "category", key: d.category };
  if (d.collectionName) return { kind: "collection", key: d.collectionName };
  return d.productId ? { kind: "product", key: d.productId } : null;
}

/** Discounts by category, collection or product (SPEC §2), and every discount in one list. */
export default function Discounts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const all = useCall("GET /alldiscounts", {}, loaderData.list);
  const discounts = all.data?.discounts ?? [];
  const [removing, setRemoving] = useState<DiscountDTO | null>(null);
  // The list is this screen's own state (useCall), not a loader's: reload it instead of revalidating.
  const remove = useMutation(
    ({ kind, key }: { kind: Kind; key: string }) =>
      call("DELETE /discounts/:kind/:value", { params: { kind, value: key } }),
    {
      success: "staff.discountRemoved",
      revalidate: false,
      onSuccess: () => {
        setRemoving(null);
        void all.reload();
      },
    },
  );

  const find = (kind: Kind, key: string) =>
    discounts.find((d) => {
      const tg = targetOf(d);
      return tg?.kind === kind && tg.key === key;
    }) ?? null;

  function labelOf(d: DiscountDTO): string {
    const tg = targetOf(d);
    if (!tg) return "";
    if (tg.kind === "category") return `${t("staff.byCategory")}: ${t(`common.category.${tg.key}`)}`;
    if (tg.kind === "collection") return `${t("staff.byCollection")}: ${t(`common.collection.${tg.key}`)}`;
    const name = d.productName ? inPageLang(d.productName, d.productNameAr, lang) : tg.key;
    return `${t("staff.byProduct")}: ${name}`;
  }

  const current = (d: DiscountDTO | null, children: React.ReactNode) =>
    d ? <CurrentDiscount discount={d} onRemove={() => setRemoving(d)} /> : children;

  return (
    <StaffPage title={t("staff.discountsTitle")} description={t("staff.discountsIntro")} testId="discounts">
      <Tabs
        label={t("staff.discountsTitle")}
        items={[
          {
            value: "category",
            label: t("staff.byCategory"),
            content: (
              <TargetTab
                kind="category"
                options={CATEGORIES}
                optionLabel={(c) => t(`common.category.${c}`)}
                find={find}
                current={current}
                onSaved={all.reload}
              />
            ),
          },
          {
            value: "collection",
            label: t("staff.byCollection"),
            content: (
              <TargetTab
                kind="collection"
                options={COLLECTIONS}
                optionLabel={(c) => t(`common.collection.${c}`)}
                find={find}
                current={current}
                onSaved={all.reload}
              />
            ),
          },
          {
            value: "product",
            label: t("staff.byProduct"),
            content: <ProductTab find={find} current={current} onSaved={all.reload} />,
          },
        ]}
      />

      <StaffSection title={t("staff.allDiscounts")} id="all-discounts">
        <QueryStatus query={all} empty={discounts.length === 0} emptyTitle={t("staff.noDiscounts")} />
        {discounts.length > 0 ? (
          <StaffTable
            label={t("staff.allDiscounts")}
            testId="discounts-table"
            headers={[t("staff.target"), t("staff.discountPercent"), t("staff.freeShipping"), t("staff.actions")]}
          >
            {discounts.map((d) => (
              <tr key={d._id}>
                <td className={td}>{labelOf(d)}</td>
                <td className={td}>
                  <bdi>{d.discount}%</bdi>
                </td>
                <td className={td}>{d.hasShipping ? t("staff.yes") : t("staff.no")}</td>
                <td className={td}>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRemoving(d)}
                    aria-label={`${t("staff.removeDiscount")}: ${labelOf(d)}`}
                  >
                    <Trash2 className="size-4" aria-hidden />
                    {t("staff.removeDiscount")}
                  </Button>
                </td>
              </tr>
            ))}
          </StaffTable>
        ) : null}
      </StaffSection>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("staff.removeDiscountConfirm")}
        description={removing ? labelOf(removing) : undefined}
        confirmLabel={t("staff.removeDiscount")}
        loading={remove.busy}
        onConfirm={() => {
          const target = removing && targetOf(removing);
          if (target) void remove.submit(target);
        }}
      />
    </StaffPage>
  );
}

function CurrentDiscount({ discount, onRemove }: { discount: DiscountDTO; onRemove: () => void }) {
  const t = useT();
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-900 dark:bg-brand-900/30"
      data-testid="current-discount"
    >
      <div>
        <p className="font-semibold">{t("staff.currentDiscount", { n: discount.discount })}</p>
        {discount.hasShipping ? (
          <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted">
            <Truck className="size-4" aria-hidden /> {t("staff.freeShipping")}
          </p>
        ) : null}
      </div>
      <Button variant="danger" size="sm" onClick={onRemove}>
        <Trash2 className="size-4" aria-hidden />
        {t("staff.removeDiscount")}
      </Button>
    </div>
  );
}

interface TabProps {
  find: (kind: Kind, key: string) => DiscountDTO | null;
  current: (d: DiscountDTO | null, form: React.ReactNode) => React.ReactNode;
  onSaved: () => Promise<boolean>;
}

/** What the form sends: the percent, free shipping, and the tab's one target. */
type DiscountBody = z.input<typeof discountInput>;
type SaveDiscount = Mutation<DiscountBody, unknown>;

/** Each tab checks its own target with its own message (SPEC §5) before the API checks them all. */
const TAB_FORMS = {
  category: categoryDiscountForm,
  collection: collectionDiscountForm,
  product: productDiscountForm,
} as const;
const TARGET_FIELD = { category: "category", collection: "collectionName", product: "productId" } as const;

/** The tab's save: its target's error shows beside the tab's own picker, the percent's in the form. */
function useSaveDiscount(kind: Kind, onSaved: () => Promise<boolean>): SaveDiscount {
  return useMutation((body: DiscountBody) => call("POST /discounts", { body }), {
    schema: TAB_FORMS[kind] as unknown as z.ZodType<unknown, DiscountBody>,
    success: "staff.discountAdded",
    // The list is the screen's own state: it reloads instead of the loaders.
    revalidate: false,
    onSuccess: () => void onSaved(),
  });
}

function TargetTab({
  kind,
  options,
  optionLabel,
  find,
  current,
  onSaved,
}: TabProps & { kind: "category" | "collection"; options: readonly string[]; optionLabel: (v: string) => string }) {
  const t = useT();
  const [target, setTarget] = useState("");
  const save = useSaveDiscount(kind, onSaved);
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <SelectField
        label={kind === "category" ? t("staff.category") : t("staff.collection")}
        value={target}
        onChange={(e) => {
          setTarget(e.target.value);
          save.clearError(TARGET_FIELD[kind]);
        }}
        error={save.error(TARGET_FIELD[kind])}
        data-testid={`discount-${kind}`}
      >
        <option value="">{kind === "category" ? t("staff.chooseCategory") : t("staff.chooseCollection")}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </SelectField>
      {current(target ? find(kind, target) : null, <DiscountForm kind={kind} target={target} save={save} />)}
    </div>
  );
}

function ProductTab({ find, current, onSaved }: TabProps) {
  const t = useT();
  const lang = useLang();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<ProductDTO | null>(null);
  const save = useSaveDiscount("product", onSaved);
  const results = useCall("GET /products", query ? { query: { search: query, limit: 10 } } : null);
  const products = results.data?.products ?? [];

  return (
    <div className="flex max-w-xl flex-col gap-4">
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
        }}
        role="search"
      >
        <div className="flex-1">
          <TextField
            label={t("staff.searchProduct")}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            error={save.error("productId")}
            data-testid="discount-product-search"
          />
        </div>
        <Button type="submit" variant="outline">
          {t("common.search")}
        </Button>
      </form>
      {results.loading ? <Spinner /> : null}
      {results.error ? <ErrorBlock message={results.error} onRetry={() => void results.reload()} /> : null}
      {query && results.data && products.length === 0 ? (
        <p className="text-sm text-muted">{t("staff.noProductsFound")}</p>
      ) : null}
      {products.length > 0 ? (
        <ul
          className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-xl border border-line p-1"
          aria-label={t("staff.searchResults")}
        >
          {products.map((p) => (
            <li key={p._id}>
              <button
                type="button"
                onClick={() => {
                  setPicked(p);
                  save.clearError("productId");
                }}
                aria-pressed={picked?._id === p._id}
                className="flex w-full items-center gap-3 rounded-lg p-2 text-start hover:bg-surface-2 aria-pressed:bg-brand-50 dark:aria-pressed:bg-brand-900/40"
              >
                {p.images[0] ? <img src={p.images[0]} alt="" className="size-10 rounded object-cover" /> : null}
                <span className="text-sm">
                  <span {...textLang(productName(p, lang), lang)}>{productName(p, lang)}</span>{" "}
                  <span className="text-muted">· {p.code}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {picked ? (
        <p className="text-sm font-medium">{t("staff.selectedProduct", { name: productName(picked, lang) })}</p>
      ) : null}
      {current(
        picked ? find("product", picked._id) : null,
        <DiscountForm kind="product" target={picked?._id ?? ""} save={save} />,
      )}
    </div>
  );
}

function DiscountForm({ kind, target, save }: { kind: Kind; target: string; save: SaveDiscount }) {
  const t = useT();
  const [discount, setDiscount] = useState("");
  const [hasShipping, setHasShipping] = useState(false);
  const body = (): DiscountBody => ({ [TARGET_FIELD[kind]]: target, discount, hasShipping });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save.submit(body()).then((saved) => {
          if (!saved) return;
          setDiscount("");
          setHasShipping(false);
        });
      }}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
      data-testid="discount-form"
    >
      <TextField
        label={t("staff.discountPercent")}
        type="number"
        min={0}
        max={100}
        step={1}
        value={discount}
        onChange={(e) => {
          setDiscount(e.target.value);
          save.clearError("discount");
        }}
        error={save.error("discount")}
        required
        name="discount"
      />
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={hasShipping}
          onChange={(e) => setHasShipping(e.target.checked)}
          name="hasShipping"
        />
        {t("staff.freeShipping")}
      </label>
      <div>
        <Button type="submit" loading={save.busy} data-testid="discount-submit">
          {t("staff.addDiscount")}
        </Button>
      </div>
    </form>
  );
}
