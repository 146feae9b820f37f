/** The card payment operations (SPEC §7 payments): the hosted checkout session and Paymob's callback. */
import { z } from "zod";
import { orderLookupInput } from "@core/validation/checkout";
import { defineOperation } from "../../http/operation";

/** The order number, and for a guest order the e-mail it was placed with (payment-session.ts). */
const paymentSessionInput = orderLookupInput.extend({ email: z.string().max(254).optional() });

/** The provider's callback: only `obj` is read, and only its signed fields decide (paymob-callback.ts). */
const callbackBody = z.object({ type: z.string().max(40).optional(), obj: z.record(z.string().max(100), z.unknown()) });
const callbackQuery = z.object({ hmac: z.string().max(256).optional() });

export const paymentsContract = {
  createPaymentSession: defineOperation({
    method: "POST",
    path: "/payments/session",
    access: "public",
    summary: "Opens the provider's hosted card checkout for an unpaid card order; an empty url when it cannot",
    body: paymentSessionInput,
    reply: z.object({ url: z.string(), message: z.string().optional() }),
  }),
  paymobCallback: defineOperation({
    method: "POST",
    path: "/payments/paymob/callback",
    access: "public",
    summary: "Paymob's transaction callback; only an HMAC-verified one changes the payment status",
    query: callbackQuery,
    body: callbackBody,
    reply: z.object({ message: z.string(), outcome: z.enum(["paid", "failed", "unchanged"]) }),
  }),
};
