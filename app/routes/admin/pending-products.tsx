import { useState } from "react";
import { Check, CheckCheck, Trash2 } from "lucide-react";
import type { Route } from "./+types/pending-products";
import { LIMITS } from "@core/constants";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { listPendingProducts } from "@server/modules/catalog/pending-products";
import { shopQuerySchema } from "@core/shop-query";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { call } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { useMutation } from "~/lib/use-mutation";
import { metaTranslator } from "~/i18n/meta";
import { useT, useLang } from "~/i18n/react";
import { productName } from "~/components/catalog/product-text";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { StaffPage } from "~/components/staff/staff-page";
import { ListControls, Pager } from "~/components/staff/list-controls";
import { ProductTable } from "~/components/staff/product-table";
import { QueryStatus } from "~/components/staff/query-status";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["admin"]);
  const query = shopQuerySchema.parse({ page: 1, limit: LIMITS.defaultPageSize });
  return {
    firstPage: await initialData(context, "pending products", async () => {
      const page = await listPendingProducts(context.deps, query);
      return { ...page, totalPages: page.metadata.totalPages };
    }),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("admin.pendingTitle") }, { name: "robots", content: "noindex" }];
}

export default function PendingProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const [search, setSearch] = useState("");
  const [limit, setLimit] = useState<number>(LIMITS.defaultPageSize);
  const [page, setPage] = useState(1);
  const [confirm, setConfirm] = useState<{ kind: "all" } | { kind: "delete"; product: ProductDTO } | null>(null);
  const query = useCall("GET /products/pending", { query: { searchTerm: search, page, limit } }, loaderData.firstPage);
  const products = query.data?.products ?? [];
  // The list is this screen's own state (useCall), not a loader's: reload it instead of revalidating.
  const afterChange = {
    revalidate: false,
    onSuccess: () => {
      setConfirm(null);
      void query.reload();
    },
  };
  const approve = useMutation(
    (p: ProductDTO) => call("PUT /products/pending/:id", { params: { id: p._id } }),
    afterChange,
  );
  const approveAll = useMutation(() => call("PUT /products/pending"), afterChange);
  const remove = useMutation((p: ProductDTO) => call("DELETE /products/:id", { params: { id: p._id } }), afterChange);

  return (
    <StaffPage
      title={t("admin.pendingTitle")}
      description={t("admin.pendingIntro")}
      actions={
        <Button onClick={() => setConfirm({ kind: "all" })} disabled={products.length === 0} data-testid="approve-all">
          <CheckCheck className="size-4" aria-hidden />
          {t("admin.approveAll")}
        </Button>
      }
      testId="pending-products"
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
      />
      <QueryStatus
        query={query}
        empty={products.length === 0}
        emptyTitle={search ? t("staff.noProductsFound") : t("admin.noPending")}
      />
      {products.length > 0 ? (
        <ProductTable
          products={products}
          label={t("admin.pendingTitle")}
          actions={(p) => (
            <>
              <Button
                size="sm"
                disabled={approve.busy}
                onClick={() => void approve.submit(p)}
                aria-label={`${t("admin.approve")}: ${productName(p, lang)}`}
                data-testid="approve-product"
              >
                <Check className="size-4" aria-hidden />
                {t("admin.approve")}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setConfirm({ kind: "delete", product: p })}
                aria-label={`${t("common.delete")}: ${productName(p, lang)}`}
              >
                <Trash2 className="size-4" aria-hidden />
                {t("common.delete")}
              </Button>
            </>
          )}
        />
      ) : null}
      <Pager page={page} totalPages={query.data?.totalPages ?? 1} onPage={setPage} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm?.kind === "all" ? t("admin.approveAllConfirm") : t("admin.deleteProductConfirm")}
        description={confirm?.kind === "delete" ? productName(confirm.product, lang) : t("admin.approveAllHint")}
        confirmLabel={confirm?.kind === "all" ? t("admin.approveAll") : t("common.delete")}
        danger={confirm?.kind !== "all"}
        loading={approveAll.busy || remove.busy}
        onConfirm={() => {
          if (confirm?.kind === "all") void approveAll.submit(undefined);
          if (confirm?.kind === "delete") void remove.submit(confirm.product);
        }}
      />
    </StaffPage>
  );
}
