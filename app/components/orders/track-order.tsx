import { useEffect, useRef, useState, type FormEvent } from "react";
import { Search } from "lucide-react";
import type { OrderDTO } from "@server/modules/orders/order-dto";
import { api, ApiError } from "~/lib/api";
import { useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { OrderCard } from "./order-card";

type Outcome = { order: OrderDTO } | { error: string } | null;

/**
 * 'Track Your Order': looks an order up by number with POST /api/order/id. `initialNumber` (the
 * ?on= query) pre-fills the field and runs the search once (SPEC §2).
 */
export function TrackOrder({
  initialNumber,
  pageTitle,
  cityNamesAr,
}: {
  initialNumber: string;
  /** A guest sees only this, so it is the page's h1. */
  pageTitle?: boolean;
  cityNamesAr?: Record<string, string> | null;
}) {
  const Heading = pageTitle ? "h1" : "h2";
  const t = useT();
  const [number, setNumber] = useState(initialNumber);
  const [searching, setSearching] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const ran = useRef(false);

  async function search(value: string) {
    const wanted = value.trim().toUpperCase();
    if (!wanted) {
      setInputError(t("orders.numberRequired"));
      setOutcome(null);
      return;
    }
    setInputError(null);
    setSearching(true);
    try {
      const res = await api<{ order?: OrderDTO }>("/order/id", {
        method: "POST",
        body: { orderNumber: wanted },
        noAuthRedirect: true,
      });
      setOutcome(res.order ? { order: res.order } : { error: t("orders.notFound") });
    } catch (err) {
      setOutcome({
        error: err instanceof ApiError && err.status === 404 ? t("orders.notFound") : t("orders.findFailed"),
      });
    } finally {
      setSearching(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the number in the address, not again when search is re-created.
  useEffect(() => {
    if (ran.current || !initialNumber) return;
    ran.current = true;
    void search(initialNumber);
    // Runs once for the number in the address.
  }, [initialNumber]);

  function submit(e: FormEvent) {
    e.preventDefault();
    void search(number);
  }

  return (
    <section aria-labelledby="track-title" className="flex flex-col gap-4">
      <div>
        <Heading
          id="track-title"
          className={pageTitle ? "text-2xl font-semibold tracking-tight" : "text-xl font-semibold"}
        >
          {t("orders.trackTitle")}
        </Heading>
        <p className="text-sm text-muted">{t("orders.trackText")}</p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <label htmlFor="order-number" className="text-sm font-medium">
          {t("orders.orderNumber")}
        </label>
        <div className="flex gap-2">
          <input
            id="order-number"
            name="orderNumber"
            dir="ltr"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            placeholder="ORD-1234567890123"
            autoComplete="off"
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? "order-number-error" : undefined}
            className="w-full max-w-md rounded-lg border border-line bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500 aria-[invalid=true]:border-red-500"
          />
          <Button type="submit" loading={searching} data-testid="track-button">
            <Search className="size-4" aria-hidden />
            {t("orders.track")}
          </Button>
        </div>
        {inputError ? (
          <p id="order-number-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
            {inputError}
          </p>
        ) : null}
      </form>
      <div aria-live="polite">
        {outcome && "error" in outcome ? (
          <p
            role="alert"
            className="rounded-lg border border-line bg-surface-2 px-4 py-3 text-sm"
            data-testid="track-error"
          >
            {outcome.error}
          </p>
        ) : null}
        {outcome && "order" in outcome ? <OrderCard order={outcome.order} cityNamesAr={cityNamesAr} /> : null}
      </div>
    </section>
  );
}
