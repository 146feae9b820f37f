import { useState, type FormEvent } from "react";
import { Download, Search } from "lucide-react";
import type { Route } from "./+types/orders";
import { ORDER_STATUSES, ORDER_STATUS_COLORS, type OrderStatus } from "@core/constants";
import { listAllOrders } from "@server/modules/orders/load-orders";
import { listCityNamesAr } from "@server/modules/shipping/shipping-options";
import { cityInLang } from "~/lib/city-name";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { serverMessage } from "~/lib/api";
import { call, type Reply } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { metaTranslator } from "~/i18n/meta";
import { useLang, useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { EmptyState, ErrorBlock, Spinner } from "~/components/ui/states";
import { toast } from "~/components/ui/toaster";
import { Price } from "~/components/price";
import { StaffPage } from "~/components/staff/staff-page";
import { Pager } from "~/components/staff/list-controls";
import { tableClass, td, StaffTable } from "~/components/staff/table-scroll";
import { staffLocale } from "~/components/staff/codes";
import { PaymentStatusBadge } from "~/components/orders/payment-status";
import { PrintDocuments } from "~/components/staff/print-documents";
import { ConfirmationBadge } from "~/components/orders/confirm-order";
import { useMutation } from "~/lib/use-mutation";
import type { CancelReason } from "@core/validation/customers";
import { CustomerRecord } from "~/components/customers/customer-record";
import { CancelReasonDialog } from "~/components/customers/cancel-reason-dialog";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  return {
    firstPage: await initialData(context, "orders", () =>
      listAllOrders(context.deps.db, { page: 1, limit: PAGE_SIZE }, context.deps.config),
    ),
    // Orders keep the English city they were placed with; Arabic pages name it in Arabic.
    cityNamesAr:
      context.lang === "ar" ? await initialData(context, "city names", () => listCityNamesAr(context.deps.db)) : null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("staff.ordersTitle") }, { name: "robots", content: "noindex" }];
}

/** One order of the staff list, as the API sends it. */
type StaffOrder = Reply<"GET /moderator/orders">["orders"][number];

const PAGE_SIZE = 25;

/** All orders with a status dropdown that updates at once and rolls back on failure (SPEC §4). */
export default function ModeratorOrders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [page, setPage] = useState(1);
  const [awaiting, setAwaiting] = useState(false);
  const query = useCall(
    "GET /moderator/orders",
    {
      query: {
        page,
        limit: PAGE_SIZE,
        ...(filter ? { search: filter } : {}),
        ...(awaiting ? { awaiting: "true" as const } : {}),
      },
    },
    loaderData.firstPage,
  );
  // Staff confirm a cash order after calling the customer (issue 16): one click, then it may ship.
  const confirm = useMutation(
    (order: StaffOrder) => call("PUT /moderator/orders/:id/confirm", { params: { id: order._id } }),
    {
      revalidate: false,
      onSuccess: (reply) =>
        query.setData((prev) =>
          prev ? { ...prev, orders: prev.orders.map((o) => (o._id === reply.order._id ? reply.order : o)) } : prev,
        ),
    },
  );
  const orders = query.data?.orders ?? [];
  const totalPages = query.data?.metadata.totalPages ?? 1;
  const dateFmt = new Intl.DateTimeFormat(staffLocale(lang), { dateStyle: "medium" });

  function runSearch(e: FormEvent) {
    e.preventDefault();
    setFilter(search.trim());
    setPage(1);
  }

  // Cancelling asks why first (issue 16): the select snaps back until a reason is chosen.
  const [cancelling, setCancelling] = useState<StaffOrder | null>(null);

  async function changeStatus(order: StaffOrder, status: OrderStatus, reason?: CancelReason) {
    if (status === "Cancelled" && !reason) {
      setCancelling(order);
      return;
    }
    const loading = toast.loading(t("staff.updatingStatus"));
    const replaceOrder = (change: (o: StaffOrder) => StaffOrder) =>
      query.setData((prev) =>
        prev ? { ...prev, orders: prev.orders.map((o) => (o._id === order._id ? change(o) : o)) } : prev,
      );
    replaceOrder((o) => ({ ...o, status, shipping: { ...o.shipping, status } }));
    try {
      const reply = await call("PUT /moderator/orders/:id/status", {
        params: { id: order._id },
        body: reason ? { status, reason } : { status },
      });
      // Delivering a cash order marks it paid (docs/decisions/117): show what the server decided.
      const paymentStatus = reply.order.paymentStatus;
      replaceOrder((o) => ({ ...o, paymentStatus, cancelReason: reply.order.cancelReason }));
      toast.dismiss(loading);
      toast.success(t("staff.statusUpdated"));
      // A cancellation changes the customer records of the page (refusals, cancellations).
      if (status === "Cancelled" || order.status === "Cancelled" || status === "Delivered") void query.reload();
    } catch (e) {
      toast.dismiss(loading);
      // The server's reason first (e.g. the 409 when a re-opened order's stock is gone), SPEC §8.
      toast.error(serverMessage(e, t("staff.statusUpdateFailed")));
      // Roll back by reading the truth again (SPEC §4).
      if (!(await query.reload())) toast.error(t("staff.refreshFailed"));
    }
  }

  return (
    <StaffPage
      title={t("staff.ordersTitle")}
      description={t("staff.ordersIntro")}
      actions={
        <a
          href="/api/admin/export/orders.csv"
          download
          className="inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm hover:bg-surface-2"
          data-testid="orders-csv"
        >
          <Download className="size-4" aria-hidden />
          {t("staff.exportCsv")}
        </a>
      }
      testId="moderator-orders"
    >
      <form onSubmit={runSearch} role="search" className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-medium">
          {t("staff.searchOrderNumber")}
          <span className="relative">
            <Search
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
              aria-hidden
            />
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="ORD-1234567890123"
              className="w-full rounded-lg border border-line bg-surface py-2 ps-9 pe-3 text-sm outline-none focus:border-brand-500"
              data-testid="order-search"
            />
          </span>
        </label>
        <Button type="submit">{t("common.search")}</Button>
        <Button
          variant="outline"
          onClick={() => {
            setSearch("");
            setFilter("");
            setPage(1);
          }}
          data-testid="show-all-orders"
        >
          {t("staff.showAllOrders")}
        </Button>
        <label className="flex items-center gap-2 self-center text-sm">
          <input
            type="checkbox"
            checked={awaiting}
            onChange={(e) => {
              setAwaiting(e.target.checked);
              setPage(1);
            }}
            data-testid="filter-awaiting"
          />
          {t("cod.filterAwaiting")}
        </label>
      </form>

      {query.loading && !query.data ? <Spinner /> : null}
      {query.error && !query.loading ? (
        <ErrorBlock message={t("staff.ordersLoadFailed")} onRetry={() => void query.reload()} />
      ) : null}
      {query.data && orders.length === 0 ? (
        <EmptyState title={filter ? t("staff.noOrdersMatch") : t("staff.noOrders")} />
      ) : null}
      <PrintDocuments orders={orders} />
      {orders.length > 0 ? (
        <StaffTable
          label={t("staff.ordersTitle")}
          testId="orders-table"
          className={`${tableClass} min-w-[860px]`}
          headers={[
            t("staff.orderNumber"),
            t("staff.date"),
            t("staff.customer"),
            t("staff.items"),
            t("staff.payment"),
            t("staff.total"),
            t("staff.status"),
          ]}
        >
          {orders.map((o) => (
            <tr key={o._id} data-testid="order-row" data-order-number={o.orderNumber}>
              <td className={`${td} font-mono`}>
                <bdi>{o.orderNumber}</bdi>
              </td>
              <td className={`${td} whitespace-nowrap`}>{dateFmt.format(new Date(o.createdAt))}</td>
              <td className={td}>
                <div>
                  {o.firstName} {o.lastName}
                </div>
                <div className="text-xs text-muted">
                  <bdi>{o.email}</bdi> · <bdi>{o.phone}</bdi>
                </div>
                {o.shipping.address?.city ? (
                  <div className="text-xs text-muted" data-testid="order-city">
                    {cityInLang(o.shipping.address.city, loaderData.cityNamesAr, lang)}
                  </div>
                ) : null}
                <CustomerRecord record={query.data?.records?.[o._id]} phone={o.phone} />
              </td>
              <td className={td}>{o.products.reduce((n, p) => n + p.quantity, 0)}</td>
              <td className={td}>
                <div>{t(`common.payment.${o.paymentMethod}`)}</div>
                <div className="flex flex-wrap items-center gap-1">
                  <PaymentStatusBadge status={o.paymentStatus} />
                  <ConfirmationBadge order={o} />
                </div>
                {o.confirmation === "pending" && o.status === "Processing" ? (
                  <Button
                    size="sm"
                    className="mt-1"
                    loading={confirm.busy}
                    onClick={() => void confirm.submit(o)}
                    aria-label={t("cod.staffConfirmLabel", { orderNumber: o.orderNumber })}
                    data-testid="order-confirm"
                  >
                    {t("cod.staffConfirm")}
                  </Button>
                ) : null}
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <Price egp={o.totalAmount} />
              </td>
              <td className={td}>
                <select
                  value={o.shipping.status}
                  onChange={(e) => void changeStatus(o, e.target.value as OrderStatus)}
                  aria-label={t("staff.statusOf", { number: o.orderNumber })}
                  className="rounded-lg border-2 bg-surface px-2 py-1 text-sm font-medium"
                  style={{ borderColor: ORDER_STATUS_COLORS[o.shipping.status] }}
                  data-testid="order-status"
                >
                  {ORDER_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t(`common.status.${s}`)}
                    </option>
                  ))}
                </select>
                {o.status === "Cancelled" && o.cancelReason ? (
                  <div className="mt-1 text-xs text-muted" data-testid="order-cancel-reason">
                    {t(`customers.reason.${o.cancelReason}`)}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      <Pager page={page} totalPages={totalPages} onPage={setPage} />
      <CancelReasonDialog
        orderNumber={cancelling?.orderNumber ?? null}
        onClose={() => setCancelling(null)}
        onConfirm={(reason) => {
          const order = cancelling;
          setCancelling(null);
          if (order) void changeStatus(order, "Cancelled", reason);
        }}
      />
    </StaffPage>
  );
}
