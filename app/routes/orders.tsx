import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/orders";
import type { OrderDTO } from "@server/modules/orders/order-dto";
import { listOwnOrders } from "@server/modules/orders/load-orders";
import { translateWith } from "@core/i18n/format";
import { rootDictionary } from "~/i18n/dictionary-text";
import { useT } from "~/i18n/react";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useRootData, type RootData } from "~/root";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState, ErrorBlock, PageTitle } from "~/components/ui/states";
import { OrderCard } from "~/components/orders/order-card";
import { listCityNamesAr } from "@server/modules/shipping/shipping-options";
import { TrackOrder } from "~/components/orders/track-order";
import { trackFromAddress } from "~/lib/track-order.server";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.data as RootData | undefined;
  return [{ title: translateWith(rootDictionary(root), "orders.title") }, { name: "robots", content: "noindex" }];
}

/**
 * Signed-in customers get their own orders; everyone gets the tracking search, answered here for
 * ?on= (the search form is a plain GET form, so it works without scripts: decision 200).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const [cityNamesAr, tracked] = await Promise.all([arabicCityNames(context), trackFromAddress(url, context)]);
  if (!context.user) return { orders: null, failed: false, cityNamesAr, tracked };
  try {
    return { orders: await listOwnOrders(context.deps.db, context.user._id), failed: false, cityNamesAr, tracked };
  } catch (err) {
    context.deps.log.error({ err }, "orders failed to load");
    return { orders: null, failed: true, cityNamesAr, tracked };
  }
}

/**
 * The governorates' Arabic names, for Arabic pages only. A failure is tolerated on purpose (logged):
 * the cities then show as the order has them, in English.
 */
async function arabicCityNames(context: Route.LoaderArgs["context"]): Promise<Record<string, string> | null> {
  if (context.lang !== "ar") return null;
  try {
    return await listCityNamesAr(context.deps.db);
  } catch (err) {
    context.deps.log.error({ err }, "city names failed to load");
    return null;
  }
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  const [params] = useSearchParams();
  const on = params.get("on") ?? "";
  const [orders, setOrders] = useState<OrderDTO[] | null>(loaderData.orders);
  const [failed, setFailed] = useState(loaderData.failed);
  const [cancelling, setCancelling] = useState<OrderDTO | null>(null);

  async function reload() {
    try {
      const res = await call("GET /order");
      setOrders(res.orders);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }

  const cancel = useMutation((order: OrderDTO) => call("PUT /order/:id/cancel", { params: { id: order._id } }), {
    success: (res) => res.message || t("orders.cancelled"),
    failure: "orders.cancelFailed",
    // The list is this page's own state (it changes in place), so the loader is not asked again.
    revalidate: false,
    onSuccess: (_res, order) => {
      setOrders(
        (list) =>
          list?.map((o) =>
            o._id === order._id ? { ...o, status: "Cancelled", shipping: { ...o.shipping, status: "Cancelled" } } : o,
          ) ?? null,
      );
      setCancelling(null);
    },
  });

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-10 p-4 md:p-6">
      {user ? (
        <div>
          <PageTitle>{t("orders.title")}</PageTitle>
          {failed ? (
            <ErrorBlock message={t("orders.fetchFailed")} onRetry={() => void reload()} />
          ) : orders && orders.length > 0 ? (
            <div className="flex flex-col gap-4" data-testid="my-orders">
              {orders.map((order) => (
                <OrderCard
                  key={order._id}
                  order={order}
                  onCancel={setCancelling}
                  cityNamesAr={loaderData.cityNamesAr}
                />
              ))}
            </div>
          ) : (
            <EmptyState
              title={t("orders.empty")}
              text={t("orders.emptyText")}
              action={
                <Link
                  to="/shop"
                  className="inline-flex h-11 items-center rounded-full bg-brand-600 px-6 font-medium text-white hover:bg-brand-700"
                >
                  {t("orders.shopNow")}
                </Link>
              }
            />
          )}
        </div>
      ) : null}
      <TrackOrder key={on} tracked={loaderData.tracked} pageTitle={!user} cityNamesAr={loaderData.cityNamesAr} />
      <ConfirmDialog
        open={!!cancelling}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title={t("orders.cancelTitle")}
        description={cancelling ? t("orders.cancelText", { orderNumber: cancelling.orderNumber }) : undefined}
        confirmLabel={t("orders.cancelConfirm")}
        onConfirm={() => void (cancelling && cancel.submit(cancelling))}
        loading={cancel.busy}
      />
    </section>
  );
}
