import type { OrderDTO } from "@server/modules/orders/order-dto";
import { Price } from "~/components/price";
import { ColorSwatch } from "~/components/cart/color-swatch";
import { Button } from "~/components/ui/button";
import { useLang, useT } from "~/i18n/react";
import { OrderProgress, StatusBadge } from "./order-progress";
import { PaymentStatusBadge } from "./payment-status";
import { productName } from "~/components/catalog/product-text";
import { cityInLang } from "~/lib/city-name";
import { sizeLabel } from "~/lib/size-label";
import { textLang } from "~/lib/text-lang";
import { InvoiceLink } from "./invoice-link";
import { useState } from "react";
import { ConfirmationBadge, ConfirmOrder } from "./confirm-order";
import { OrderReturns } from "./order-returns";

interface OrderCardProps {
  order: OrderDTO;
  /** Only the owner's own list offers cancelling, and only while Processing (SPEC §4). */
  onCancel?: (order: OrderDTO) => void;
  /** English city → Arabic, so an Arabic page names the governorate in Arabic. */
  cityNamesAr?: Record<string, string> | null;
}

/** One order: number, date, status bar or cancelled banner, items, address and totals. */
export function OrderCard({ order: given, onCancel, cityNamesAr }: OrderCardProps) {
  const t = useT();
  // Confirmed here by its code: shown at once, before the page's data is read again.
  const [confirmedHere, setConfirmedHere] = useState(false);
  const order: OrderDTO = confirmedHere ? { ...given, confirmation: "confirmed" } : given;
  const lang = useLang();
  const date = new Intl.DateTimeFormat(lang === "ar" ? "ar-EG-u-nu-latn" : "en-GB", { dateStyle: "medium" }).format(
    new Date(order.createdAt),
  );
  const a = order.shipping.address;
  // The guest view masks the street address; only the city and country are worth showing then.
  const city = a.city ? cityInLang(a.city, cityNamesAr, lang) : a.city;
  const country = lang === "ar" && a.country?.trim().toLowerCase() === "egypt" ? t("orders.egypt") : a.country;
  const parts = order.masked ? [city, country] : [a.street, a.building, a.floor, a.apartment, a.area, city, country];
  const address = parts.filter(Boolean).join(lang === "ar" ? "، " : ", ");
  const { subtotal, shipping, total, codFee } = order.orderSummary;
  // SPEC §9: the promo discount shown is subtotal plus shipping (plus the COD fee, issue 16) minus total.
  const promoDiscount = Math.max(0, Math.round((subtotal + shipping + codFee - total) * 100) / 100);
  const row = "flex items-center justify-between gap-4";
  return (
    <article
      className="rounded-2xl border border-line p-4 md:p-5"
      data-testid="order-card"
      data-order-number={order.orderNumber}
      aria-labelledby={`order-${order._id}`}
    >
      <header className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={`order-${order._id}`} className="font-semibold">
            <bdi dir="ltr" data-testid="order-number">
              {order.orderNumber}
            </bdi>
          </h2>
          <p className="text-sm text-muted">
            {t("orders.placedOn", { date })} · {t(`common.payment.${order.paymentMethod}`)}{" "}
            <PaymentStatusBadge status={order.paymentStatus} />
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ConfirmationBadge order={order} />
          <StatusBadge status={order.status} />
        </div>
      </header>
      {order.confirmation === "pending" && order.status === "Processing" ? (
        <ConfirmOrder order={order} onConfirmed={() => setConfirmedHere(true)} />
      ) : null}
      <OrderProgress status={order.status} />
      <ul className="mt-4 divide-y divide-line">
        {order.products.map((item) => {
          const name = productName(item.productId, lang);
          return (
            <li key={item._id} className="flex items-center gap-3 py-3">
              {item.productId.images[0] ? (
                <img
                  src={item.productId.images[0]}
                  alt={name}
                  width={56}
                  height={70}
                  className="h-[70px] w-14 shrink-0 rounded-md bg-surface-2 object-cover"
                />
              ) : (
                <span className="block h-[70px] w-14 shrink-0 rounded-md bg-surface-2" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" {...textLang(name, lang)} data-testid="order-item-name">
                  {name}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-muted">
                  <span>{t("orders.qty", { n: item.quantity })}</span>
                  <span>{t("orders.size", { size: sizeLabel(item.size, t) })}</span>
                  <ColorSwatch color={item.color} className="size-3.5" />
                </p>
              </div>
              <Price egp={item.lineTotal} className="text-sm font-semibold" />
            </li>
          );
        })}
      </ul>
      <div className="mt-3 grid gap-4 border-t border-line pt-3 md:grid-cols-2">
        <div className="text-sm">
          <p className="font-medium">{t("orders.deliverTo")}</p>
          <p className="text-muted" data-testid="order-recipient">
            {order.firstName} {order.lastName} · <bdi dir="ltr">{order.phone}</bdi>
          </p>
          <p className="text-muted" data-testid="order-address">
            {address}
          </p>
        </div>
        <dl className="flex flex-col gap-1 text-sm">
          <div className={row}>
            <dt>{t("orders.subtotal")}</dt>
            <dd>
              <Price egp={subtotal} />
            </dd>
          </div>
          <div className={row}>
            <dt>{t("orders.shipping")}</dt>
            <dd>
              {shipping === 0 ? (
                <span className="font-semibold text-green-700 dark:text-green-400">{t("orders.free")}</span>
              ) : (
                <Price egp={shipping} />
              )}
            </dd>
          </div>
          {codFee > 0 ? (
            <div className={row}>
              <dt>{t("customers.codFee")}</dt>
              <dd data-testid="order-cod-fee">
                <Price egp={codFee} />
              </dd>
            </div>
          ) : null}
          {promoDiscount > 0 ? (
            <div className={row}>
              <dt>
                {t("orders.promoDiscount")}
                {order.promoCode ? <span className="text-muted"> ({order.promoCode})</span> : null}
              </dt>
              <dd className="text-green-700 dark:text-green-400">
                −<Price egp={promoDiscount} />
              </dd>
            </div>
          ) : null}
          <div className={`${row} font-semibold`}>
            <dt>{t("orders.total")}</dt>
            <dd>
              <Price egp={total} />
            </dd>
          </div>
        </dl>
      </div>
      <div className="mt-4 flex justify-end">
        <InvoiceLink order={order} />
      </div>
      <OrderReturns order={order} />
      {onCancel && order.status === "Processing" ? (
        <div className="mt-4 flex justify-end">
          <Button
            variant="outline"
            className="text-red-700 dark:text-red-400"
            onClick={() => onCancel(order)}
            data-testid="cancel-order"
          >
            {t("orders.cancel")}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
