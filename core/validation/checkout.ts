/**
 * The checkout of SPEC §5 and the order payload of DESIGN.md §4, shared by the checkout form and
 * POST /api/order(/guest). Any missing required field gives 'Please fill all required fields';
 * postal code, area, state and notes are optional; the country is Egypt only. Prices and totals
 * are not part of the payload: anything of the kind a client sends is dropped here and the server
 * prices the order from the catalogue.
 */
import { cancelReasonField } from "./customers";
import { z } from "zod";
import { LIMITS, PAYMENT_METHODS } from "../constants";

const REQUIRED = "ordersApi.fillRequired";

const required = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, "validation.tooLong");
const optional = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string({ error: "validation.invalidInput" }).trim().max(max, "validation.tooLong"),
  );

export const COUNTRY = "Egypt";

export const shippingAddressSchema = z.object({
  area: optional(120),
  street: required(200),
  building: required(60),
  floor: required(30),
  apartment: required(30),
  city: required(80),
  state: optional(80),
  country: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(60, "ordersApi.countryEgyptOnly")
    .refine((c) => c.toLowerCase() === COUNTRY.toLowerCase(), "ordersApi.countryEgyptOnly")
    .transform(() => COUNTRY),
  postalCode: optional(20),
});
export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;

/** The contact part of the form (step Shipping Address). */
export const checkoutContactSchema = z.object({
  firstName: required(80),
  lastName: required(80),
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(200, "validation.tooLong")
    .pipe(z.email("validation.emailInvalid")),
  phone: required(30).refine((p) => /^[+\d][\d\s-]{5,}$/.test(p), "ordersApi.phoneInvalid"),
  notes: optional(1000),
});

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: "ordersApi.choosePaymentMethod" });

/** The size and colour of an order line or a saved bag's line. */
const pairField = z
  .string({ error: "ordersApi.selectSizeColor" })
  .trim()
  .min(1, "ordersApi.selectSizeColor")
  .max(60, "validation.tooLong");
export const pairFields = { size: pairField, color: pairField };

export const orderLineInput = z.object({
  productId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64, "validation.tooLong"),
  quantity: z.coerce
    .number({ error: "ordersApi.quantityMin" })
    .int("ordersApi.quantityMin")
    .min(1, "ordersApi.quantityMin")
    .max(LIMITS.cartLineMaxQuantity, "ordersApi.quantityMax"),
  ...pairFields,
});

export const orderInput = checkoutContactSchema.extend({
  promoCode: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string().trim().max(32, "validation.tooLong"),
  ),
  paymentMethod: paymentMethodSchema,
  products: z.array(orderLineInput, { error: "ordersApi.cartEmpty" }).min(1, "ordersApi.cartEmpty").max(50),
  shipping: z.object({ address: shippingAddressSchema }, { error: REQUIRED }),
});
export type OrderInput = z.infer<typeof orderInput>;

export const orderLookupInput = z.object({
  orderNumber: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string().trim().min(1, "ordersApi.orderNumberRequired").max(40, "ordersApi.orderNotFound"),
  ),
});

export const orderStatusInput = z
  .object({
    status: z.enum(["Processing", "Shipped", "Out for Delivery", "Delivered", "Cancelled"], {
      error: "ordersApi.statusInvalid",
    }),
    /** Why staff cancel (issue 16); only with status Cancelled. */
    reason: cancelReasonField.optional(),
  })
  .refine((b) => !b.reason || b.status === "Cancelled", { path: ["reason"], message: "customers.reasonOnlyCancel" });
