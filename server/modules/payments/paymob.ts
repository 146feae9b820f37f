/**
 * The card payment provider's client (SPEC §7 Card payment), configured by PAYMOB_*: an auth call,
 * an order call with the amount and the customer, a payment-key call with the billing data, then
 * the address of the embedded payment frame. Any failure is logged and answers "" (the checkout
 * then says the card payment could not start), never a thrown error.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { trimTrailingSlashes } from "@core/trim-slashes";

export interface BillingData {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  street: string;
  building: string;
  floor: string;
  apartment: string;
  city: string;
  country: string;
  postal_code: string;
  state: string;
  /** EGP. */
  amount: number;
}

export interface PaymentSessionInput {
  /** EGP. */
  amount: number;
  /** The customer's id, or "guest". */
  userId: string;
  /** The shop's reference for the provider's order (our order number). */
  reference: string;
  billingData: BillingData;
}

type PaymobConfig = Pick<Config, "PAYMOB_API_URL" | "PAYMOB_API_KEY" | "PAYMOB_INTEGRATION_ID" | "PAYMOB_IFRAME_ID">;

const TIMEOUT_MS = 10_000;

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The provider refuses blank billing fields; "NA" is its documented filler. */
const filled = (b: BillingData) =>
  Object.fromEntries(Object.entries(b).map(([k, v]) => [k, typeof v === "string" && v.trim() === "" ? "NA" : v]));

export const paymobConfigured = (c: PaymobConfig) =>
  Boolean(c.PAYMOB_API_KEY && c.PAYMOB_INTEGRATION_ID && c.PAYMOB_IFRAME_ID);

export interface OpenedSession {
  /** The frame address; "" when the session could not be opened. */
  url: string;
  /** The provider's order id (what its signed callback names) and the reference sent with it. */
  providerOrderId: string | null;
  merchantOrderId: string | null;
}

const FAILED: OpenedSession = { url: "", providerOrderId: null, merchantOrderId: null };

export async function createPaymentFrameUrl(
  config: PaymobConfig,
  log: FastifyBaseLogger,
  input: PaymentSessionInput,
): Promise<string> {
  return (await openProviderSession(config, log, input)).url;
}

export async function openProviderSession(
  config: PaymobConfig,
  log: FastifyBaseLogger,
  input: PaymentSessionInput,
): Promise<OpenedSession> {
  if (!paymobConfigured(config)) {
    log.warn("card payment requested but PAYMOB_* is not configured");
    return FAILED;
  }
  const api = trimTrailingSlashes(config.PAYMOB_API_URL);
  const amountCents = Math.round(input.amount * 100);
  // The provider refuses a merchant_order_id it has seen, so each session gets its own suffix.
  const merchantOrderId = `${input.reference}-${Date.now()}`;
  try {
    const auth = await post<{ token?: string }>(`${api}/auth/tokens`, { api_key: config.PAYMOB_API_KEY });
    if (!auth.token) throw new Error("auth answered without a token");
    const order = await post<{ id?: number | string }>(`${api}/ecommerce/orders`, {
      auth_token: auth.token,
      delivery_needed: false,
      amount_cents: amountCents,
      currency: "EGP",
      merchant_order_id: merchantOrderId,
      items: [],
      data: { userId: input.userId },
    });
    if (order.id === undefined || order.id === null) throw new Error("order answered without an id");
    const key = await post<{ token?: string }>(`${api}/acceptance/payment_keys`, {
      auth_token: auth.token,
      amount_cents: amountCents,
      expiration: 3600,
      order_id: order.id,
      billing_data: filled(input.billingData),
      currency: "EGP",
      integration_id: Number(config.PAYMOB_INTEGRATION_ID),
    });
    if (!key.token) throw new Error("payment key answered without a token");
    return {
      url: `${api}/acceptance/iframes/${encodeURIComponent(config.PAYMOB_IFRAME_ID!)}?payment_token=${encodeURIComponent(key.token)}`,
      providerOrderId: String(order.id),
      merchantOrderId,
    };
  } catch (err) {
    log.error({ err, reference: input.reference }, "card payment session failed");
    return FAILED;
  }
}
