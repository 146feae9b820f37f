/**
 * The Shipping Address step's form: its values, and its check through the shared zod schemas of
 * core/validation/checkout.ts, so the page and POST /api/order show the same messages.
 */
import { checkoutContactSchema, COUNTRY, shippingAddressSchema } from "@core/validation/checkout";
import { DEFAULT_CITY, type PaymentMethod } from "@core/constants";

export interface CheckoutForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  area: string;
  street: string;
  building: string;
  floor: string;
  apartment: string;
  /** The governorate, from the shipping list: the key of the shipping fee (decision 125). */
  state: string;
  /** The town or district, in the shopper's own words. */
  city: string;
  postalCode: string;
  notes: string;
}

export type CheckoutField = keyof CheckoutForm;
/** Field name to the i18n key of its message. */
export type FieldErrors = Partial<Record<CheckoutField, string>>;

export function emptyCheckoutForm(
  user?: { firstName: string; lastName: string; email: string; phone: string } | null,
): CheckoutForm {
  return {
    firstName: user?.firstName ?? "",
    lastName: user?.lastName ?? "",
    email: user?.email ?? "",
    phone: user?.phone ?? "",
    area: "",
    street: "",
    building: "",
    floor: "",
    apartment: "",
    state: DEFAULT_CITY,
    city: "",
    postalCode: "",
    notes: "",
  };
}

/** Each invalid field with its message key; empty when the step may go on. */
export function checkCheckoutForm(form: CheckoutForm): FieldErrors {
  const errors: FieldErrors = {};
  const contact = checkoutContactSchema.safeParse(form);
  const address = shippingAddressSchema.safeParse({ ...form, country: COUNTRY });
  for (const result of [contact, address]) {
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const field = issue.path[0] as CheckoutField;
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

/**
 * The one message a toast shows for the step (SPEC §5): a missing field first, else the first
 * other problem (the e-mail, the phone).
 */
export function stepMessage(errors: FieldErrors): string | null {
  const messages = Object.values(errors);
  if (messages.length === 0) return null;
  return messages.includes("ordersApi.fillRequired") ? "ordersApi.fillRequired" : messages[0]!;
}

export interface OrderLine {
  productId: string;
  quantity: number;
  size: string;
  color: string;
}

/** The order payload of DESIGN.md §4; no prices: the server prices it. */
export function orderPayload(form: CheckoutForm, lines: OrderLine[], paymentMethod: PaymentMethod, promoCode: string) {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    notes: form.notes.trim(),
    promoCode,
    paymentMethod,
    products: lines.map(({ productId, quantity, size, color }) => ({ productId, quantity, size, color })),
    shipping: {
      address: {
        area: form.area.trim(),
        street: form.street.trim(),
        building: form.building.trim(),
        floor: form.floor.trim(),
        apartment: form.apartment.trim(),
        city: form.city.trim(),
        state: form.state,
        country: COUNTRY,
        postalCode: form.postalCode.trim(),
      },
    },
  };
}

/** A fresh Idempotency-Key per checkout attempt; falls back where randomUUID is missing (plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
