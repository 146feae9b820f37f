import { useRef, useState } from "react";
import { Download, RotateCcw, Trash2, Upload } from "lucide-react";
import type { Route } from "./+types/products";
import { LIMITS } from "@core/constants";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { shopQuerySchema } from "@core/shop-query";
import { listProducts } from "@server/modules/catalog/read/list-products";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { call, type Reply } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { useMutation } from "~/lib/use-mutation";
import { metaTranslator } from "~/i18n/meta";
import { useT, useLang } from "~/i18n/react";
import { productName } from "~/components/catalog/product-text";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Switch } from "~/components/ui/switch";
import { StaffPage, StaffSection } from "~/components/staff/staff-page";
import { ListControls, Pager } from "~/components/staff/list-controls";
import { ProductTable } from "~/components/staff/product-table";
import { td, StaffTable } from "~/components/staff/table-scroll";
import { QueryStatus } from "~/components/staff/query-status";

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireRole(url, context, ["admin"]);
  const query = shopQuerySchema.parse({ page: 1, limit: LIMITS.defaultPageSize });
  return { firstPage: await initialData(context, "products", () => listProducts(context.deps, query, user)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("admin.productsTitle") }, { name: "robots", content: "noindex" }];
}

type ImportReport = Reply<"POST /admin/import/products">;

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const [search, setSearch] = useState("");
  const [limit, setLimit] = useState<number>(LIMITS.defaultPageSize);
  const [page, setPage] = useState(1);
  const [showDeleted, setShowDeleted] = useState(false);
  const [deleting, setDeleting] = useState<ProductDTO | null>(null);
  const query = useCall(
    "GET /products",
    { query: { search, page, limit, ...(showDeleted ? { hidden: "true" } : {}) } },
    loaderData.firstPage,
  );
  const products = query.data?.products ?? [];
  // The list is this screen's own state (useCall), not a loader's: reload it instead of revalidating.
  const afterChange = { revalidate: false, onSuccess: () => void query.reload() };
  const restore = useMutation(
    (p: ProductDTO) => call("PUT /products/:id/restore", { params: { id: p._id } }),
    afterChange,
  );
  const remove = useMutation((p: ProductDTO) => call("DELETE /products/:id", { params: { id: p._id } }), {
    ...afterChange,
    onSuccess: () => {
      setDeleting(null);
      void query.reload();
    },
  });

  return (
    <StaffPage
      title={t("admin.productsTitle")}
      description={t("admin.productsIntro")}
      actions={
        <a
          href="/api/admin/export/products.csv"
          download
          className="inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm hover:bg-surface-2"
          data-testid="products-csv"
        >
          <Download className="size-4" aria-hidden />
          {t("staff.exportCsv")}
        </a>
      }
      testId="admin-products"
    >
      <ListControls
        search={search}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
        pageSize={limit}
        onPageSize={(n) => {
          setLimit(n);
          setPage(1);
        }}
        searchLabel={t("admin.searchProducts")}
      >
        <div className="pb-2">
          <Switch
            checked={showDeleted}
            onCheckedChange={(v) => {
              setShowDeleted(v);
              setPage(1);
            }}
            label={t("staff.showDeleted")}
          />
        </div>
      </ListControls>
      <QueryStatus
        query={query}
        empty={products.length === 0}
        emptyTitle={showDeleted ? t("staff.noDeleted") : t("staff.noProductsFound")}
      />
      {products.length > 0 ? (
        <ProductTable
          products={products}
          label={t("admin.productsTitle")}
          actions={(p) =>
            p.hidden ? (
              <Button
                variant="outline"
                size="sm"
                disabled={restore.busy}
                onClick={() => void restore.submit(p)}
                aria-label={`${t("common.restore")}: ${productName(p, lang)}`}
              >
                <RotateCcw className="size-4" aria-hidden />
                {t("common.restore")}
              </Button>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDeleting(p)}
                aria-label={`${t("common.delete")}: ${productName(p, lang)}`}
              >
                <Trash2 className="size-4" aria-hidden />
                {t("common.delete")}
              </Button>
            )
          }
        />
      ) : null}
      <Pager page={page} totalPages={query.data?.metadata.totalPages ?? 1} onPage={setPage} />
      <CsvImport onImported={() => void query.reload()} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("admin.deleteProductConfirm")}
        description={deleting ? productName(deleting, lang) : undefined}
        confirmLabel={t("common.delete")}
        loading={remove.busy}
        onConfirm={() => void (deleting && remove.submit(deleting))}
      />
    </StaffPage>
  );
}

function importProducts(file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  return call("POST /admin/import/products", { form });
}

/** Upload a product CSV; each row is created, updated or refused with its reasons. */
function CsvImport({ onImported }: { onImported: () => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const send = useMutation((file: File) => importProducts(file), {
    success: (result) =>
      result.message ||
      t("admin.importDone", {
        created: result.created.length,
        updated: result.updated.length,
        refused: result.refused.length,
      }),
    revalidate: false,
    onSuccess: (result) => {
      setReport(result);
      setFile(null);
      if (input.current) input.current.value = "";
      onImported();
    },
  });

  const rows = report
    ? [
        ...report.created.map((r) => ({ ...r, outcome: "created" as const, reasons: [] as string[] })),
        ...report.updated.map((r) => ({ ...r, outcome: "updated" as const, reasons: [] as string[] })),
        ...report.refused.map((r) => ({ ...r, outcome: "refused" as const })),
      ].sort((a, b) => a.row - b.row)
    : [];

  return (
    <StaffSection title={t("admin.importCsv")} id="csv-import">
      <p className="text-sm text-muted">{t("admin.importHint")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.csvFile")}
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="text-sm file:me-3 file:rounded-full file:border-0 file:bg-surface-2 file:px-4 file:py-2 file:text-sm"
            data-testid="csv-input"
          />
        </label>
        <Button
          onClick={() => void (file && send.submit(file))}
          disabled={!file}
          loading={send.busy}
          data-testid="csv-import"
        >
          <Upload className="size-4" aria-hidden />
          {t("admin.import")}
        </Button>
      </div>
      {report ? (
        <>
          <p className="text-sm font-medium" role="status" data-testid="import-summary">
            {t("admin.importDone", {
              created: report.created.length,
              updated: report.updated.length,
              refused: report.refused.length,
            })}
          </p>
          {rows.length > 0 ? (
            <StaffTable
              label={t("admin.importReport")}
              testId="import-report"
              headers={[t("admin.row"), t("staff.code"), t("admin.outcome"), t("admin.reasons")]}
            >
              {rows.map((r) => (
                <tr key={`${r.outcome}-${r.row}`}>
                  <td className={td}>{r.row}</td>
                  <td className={`${td} font-mono`}>
                    <bdi>{r.code}</bdi>
                  </td>
                  <td className={td}>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${r.outcome === "refused" ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200" : "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200"}`}
                    >
                      {t(`admin.outcome_${r.outcome}`)}
                    </span>
                  </td>
                  <td className={td}>{r.reasons.length > 0 ? r.reasons.join(" · ") : "—"}</td>
                </tr>
              ))}
            </StaffTable>
          ) : null}
        </>
      ) : null}
    </StaffSection>
  );
}
