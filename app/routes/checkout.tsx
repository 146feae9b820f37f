import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/checkout";
import { requireUser } from "~/lib/guards.server";
import type { PaymentMethod } from "@core/constants";
import { listShippingOptions } from "@server/modules/shipping/shipping-options";
import { translateWith } from "@core/i18n/format";
import { rootDictionary } from "~/i18n/dictionary-text";
import { useT } from "~/i18n/react";
import { ApiError } from "~/lib/api";
import { call, type Reply } from "~/lib/api-client";
import { useCart } from "~/lib/cart-client";
import { useMutation } from "~/lib/use-mutation";
import { useRootData, type RootData } from "~/root";
import { Button } from "~/components/ui/button";
import { EmptyState, PageTitle, Spinner } from "~/components/ui/states";
import { toast } from "~/components/ui/toaster";
import { CheckoutSteps, CHECKOUT_STEPS } from "~/components/checkout/checkout-steps";
import { ReviewStep, type AppliedPromo } from "~/components/checkout/review-step";
import { AddressStep } from "~/components/checkout/address-step";
import { PaymentStep } from "~/components/checkout/payment-step";
import { PlaceOrderStep } from "~/components/checkout/place-order-step";
import { OrderSummary } from "~/components/checkout/order-summary";
import { PaymentDialog } from "~/components/checkout/payment-dialog";
import { BagReminderBox, useBagReminder } from "~/components/checkout/bag-reminder";
import { checkoutTotals, cityOption } from "~/components/checkout/checkout-totals";
import {
  checkCheckoutForm,
  emptyCheckoutForm,
  newIdempotencyKey,
  orderPayload,
  stepMessage,
  type CheckoutField,
  type FieldErrors,
} from "~/components/checkout/checkout-form";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.data as RootData | undefined;
  return [{ title: translateWith(rootDictionary(root), "checkout.title") }, { name: "robots", content: "noindex" }];
}

/**
 * Signed-in customers, and guests who chose "Continue as guest" (?guest=1). Any other guest is
 * asked to sign in first, with the guest option offered there (docs/decisions/009).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  if (!context.user && url.searchParams.get("guest") !== "1") requireUser(url, context);
  // SPEC §8: a failed shipping list is logged only; the default city and fee still let the shopper buy.
  const cities = await listShippingOptions(context.deps.db).catch((err: unknown) => {
    context.deps.log.error({ err }, "shipping options failed to load");
    return [];
  });
  // Issue 16: the cash-on-delivery fee the server will add, for the preview (the server prices it again).
  return { cities, codFee: context.deps.config.cod.feePiastres };
}

const STEP_FORM = "checkout-step";

/** The placed order, as the API answers it (a guest's payment session needs its e-mail). */
type PlacedOrder = Reply<"POST /order">["order"];

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const { user, shop } = useRootData();
  const cart = useCart();
  const [step, setStep] = useState(0);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [form, setForm] = useState(() => emptyCheckoutForm(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  // One key per checkout attempt: a double click or a retried request never makes two orders.
  const idempotencyKey = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Issue 16: a guest may ask for one reminder e-mail about the bag if they leave without ordering.
  const reminder = useBagReminder(!user && !placed, form.email, cart.lines);
  const city = cityOption(loaderData.cities, form.state);
  const codFee = paymentMethod === "Cash on Delivery" ? loaderData.codFee : 0;
  const totals = useMemo(
    () => checkoutTotals(cart.lines, city, promo?.percent ?? 0, codFee),
    [cart.lines, city, promo, codFee],
  );
  // Why cash on delivery was refused (blocked, over COD_MAX_TOTAL, too many unconfirmed orders): shown beside the button.
  const [codRefusal, setCodRefusal] = useState<string | null>(null);

  // SPEC §2: the page scrolls to the top on each step change; focus follows for keyboard users.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is the trigger: each step change scrolls to the top and moves focus.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: "smooth" });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  function change(field: CheckoutField, value: string) {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  }

  function next(e?: FormEvent) {
    e?.preventDefault();
    if (step === 1) {
      const found = checkCheckoutForm(form);
      setErrors(found);
      const message = stepMessage(found);
      if (message) {
        toast.error(t(message));
        return;
      }
    }
    if (step === 2 && !paymentMethod) {
      toast.error(t("checkout.choosePayment"));
      return;
    }
    if (step < CHECKOUT_STEPS.length - 1) setStep(step + 1);
    else if (paymentMethod) void place.submit(paymentMethod);
  }

  // One order per attempt: the mutation sends once at a time, and the key makes a retried request
  // (a flaky network, a second tab) the same order on the server (decision 116).
  const place = useMutation(
    (method: PaymentMethod) => {
      idempotencyKey.current ??= newIdempotencyKey();
      return call(
        user ? "POST /order" : "POST /order/guest",
        { body: orderPayload(form, cart.lines, method, promo?.code ?? "") },
        // A 403 here is a blocked customer (issue 16), shown on this page, not a reason to leave it.
        { headers: { "Idempotency-Key": idempotencyKey.current }, noAuthRedirect: true },
      );
    },
    {
      success: (res) => t("checkout.orderPlaced", { orderNumber: res.order.orderNumber }),
      failure: "checkout.orderFailed",
      revalidate: false,
      onSuccess: async (res, method) => {
        setPlaced(res.order);
        reminder.forget();
        await cart.clear();
        if (method === "Credit Card") {
          const url = await startCardPayment(res.order);
          if (url) {
            setPaymentUrl(url);
            return;
          }
        }
        finish(res.order);
      },
      // The cart or stock changed (e.g. an item sold out): the server's message (the toast) names
      // it, the cart reloads, and the next attempt is a new one.
      onError: (err) => {
        idempotencyKey.current = null;
        if (err instanceof ApiError && err.status === 401) {
          window.location.assign(`/auth?redirect=${encodeURIComponent("/checkout")}`);
          return;
        }
        setCodRefusal(err instanceof ApiError && typeof err.body.cod === "string" ? err.message : null);
        if (err instanceof ApiError && err.status === 409) void cart.refresh();
      },
    },
  );

  async function startCardPayment(order: PlacedOrder): Promise<string | null> {
    try {
      const session = await call("POST /payments/session", {
        body: { orderNumber: order.orderNumber, email: order.email },
      });
      if (session.url) return session.url;
    } catch (err) {
      // SPEC §8 logs payment session errors only; the shopper still learns the card flow did not start.
      console.warn("payment session failed", err);
    }
    toast.error(t("checkout.paymentFailed"));
    return null;
  }

  function finish(order: PlacedOrder) {
    navigate(user ? "/orders" : `/orders?on=${encodeURIComponent(order.orderNumber)}`);
  }

  if (placed && !paymentUrl) return <Spinner label={t("checkout.placing")} />;

  if (!placed && cart.lines.length === 0) {
    return (
      <section className="mx-auto max-w-6xl p-4 md:p-6">
        <PageTitle>{t("checkout.title")}</PageTitle>
        {cart.loading ? (
          <Spinner />
        ) : (
          <EmptyState
            title={t("checkout.emptyCart")}
            text={t("checkout.emptyCartText")}
            action={
              <Link
                to="/shop"
                className="inline-flex h-11 items-center rounded-full bg-brand-600 px-6 font-medium text-white hover:bg-brand-700"
              >
                {t("checkout.shopNow")}
              </Link>
            }
          />
        )}
      </section>
    );
  }

  const last = step === CHECKOUT_STEPS.length - 1;
  return (
    <section className="mx-auto max-w-6xl p-4 md:p-6">
      <PageTitle>{t("checkout.title")}</PageTitle>
      <CheckoutSteps current={step} />
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          {/* Visible, so the focus moved here after each step is seen where it is. */}
          <h2
            id="step-title"
            ref={headingRef}
            tabIndex={-1}
            className="mb-4 scroll-mt-24 text-xl font-semibold outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <span className="sr-only">{t("checkout.stepOf", { n: step + 1, total: CHECKOUT_STEPS.length })}: </span>
            {t(`checkout.step.${CHECKOUT_STEPS[step]}`)}
          </h2>
          {step === 0 && !user ? (
            <p className="mb-4 rounded-lg bg-surface-2 px-3 py-2 text-sm">
              {t("checkout.guestNote")}{" "}
              <Link to="/auth?redirect=/checkout" className="font-medium text-brand-700 underline dark:text-brand-300">
                {t("checkout.signInInstead")}
              </Link>
            </p>
          ) : null}
          {/* The review step holds the promo code's own form, so it sits outside the step form (no nested forms). */}
          {step === 0 ? (
            <ReviewStep lines={cart.lines} promo={promo} onPromo={setPromo} />
          ) : (
            <form id={STEP_FORM} onSubmit={next} noValidate aria-labelledby="step-title">
              {step === 1 ? (
                <AddressStep form={form} errors={errors} cities={loaderData.cities} onChange={change} />
              ) : null}
              {step === 1 && !user ? <BagReminderBox reminder={reminder} /> : null}
              {step === 2 ? (
                <PaymentStep
                  value={paymentMethod}
                  cardEnabled={shop.cardPaymentEnabled}
                  onChange={(m) => {
                    setPaymentMethod(m);
                    setCodRefusal(null);
                  }}
                />
              ) : null}
              {step === 3 && paymentMethod ? (
                <PlaceOrderStep
                  form={form}
                  city={city}
                  paymentMethod={paymentMethod}
                  totals={totals}
                  promoCode={promo?.code ?? null}
                  onEdit={setStep}
                />
              ) : null}
            </form>
          )}
          {codRefusal && step === CHECKOUT_STEPS.length - 1 ? (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
              data-testid="cod-refusal"
            >
              {codRefusal}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            {step === 0 ? (
              <Link
                to="/cart"
                className="inline-flex h-10 items-center rounded-full border border-line px-4 text-sm font-medium hover:bg-surface-2"
              >
                {t("checkout.backToCart")}
              </Link>
            ) : (
              <Button variant="outline" onClick={() => setStep(step - 1)} disabled={place.busy}>
                {t("checkout.back")}
              </Button>
            )}
            {/*
              Keyed by kind: one element that turned from type=button into the form's submit button
              during its own click would submit the empty address form the moment it appears.
            */}
            <Button
              key={step === 0 ? "review-continue" : "step-submit"}
              type={step === 0 ? "button" : "submit"}
              form={step === 0 ? undefined : STEP_FORM}
              onClick={step === 0 ? () => next() : undefined}
              size="lg"
              loading={place.busy}
              disabled={cart.loading}
              data-testid={last ? "place-order" : "checkout-continue"}
            >
              {last ? (place.busy ? t("checkout.placing") : t("checkout.placeOrder")) : t("checkout.continue")}
            </Button>
          </div>
        </div>
        <OrderSummary lines={cart.lines} totals={totals} estTime={city.estTime} />
      </div>
      <PaymentDialog
        url={paymentUrl}
        onClose={() => {
          setPaymentUrl(null);
          if (placed) finish(placed);
        }}
      />
    </section>
  );
}
