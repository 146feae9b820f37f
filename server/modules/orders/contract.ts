/** The order operations of SPEC §7: placing (signed in or guest), tracking, cancelling and the staff list. */
import { z } from "zod";
import { orderInput, orderLookupInput, orderStatusInput } from "@core/validation/checkout";
import { defineOperation } from "../../http/operation";
import { confirmOrderInput, resendConfirmationInput } from "@core/validation/cod";
import { orderDto, staffOrderPageDto } from "./order-dto";

const idParams = z.object({ id: z.string() });
const orderWithMessage = z.object({ message: z.string(), order: orderDto });

const staffOrdersQuery = z.object({
  search: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).catch(100).default(100),
  /** "true": only cash-on-delivery orders awaiting confirmation (issue 16). */
  awaiting: z.enum(["true"]).optional().catch(undefined),
});
const messageOnly = z.object({ message: z.string() });

export const ordersContract = {
  placeOrder: defineOperation({
    method: "POST",
    path: "/order",
    access: "user",
    summary: "Places the signed-in customer's order (an Idempotency-Key header makes a retry answer the same order)",
    body: orderInput,
    reply: orderWithMessage,
    status: 201,
  }),
  placeGuestOrder: defineOperation({
    method: "POST",
    path: "/order/guest",
    access: "public",
    summary: "Places a guest's order (an Idempotency-Key header makes a retry answer the same order)",
    body: orderInput,
    reply: orderWithMessage,
    status: 201,
  }),
  listOwnOrders: defineOperation({
    method: "GET",
    path: "/order",
    access: "user",
    summary: "The signed-in customer's orders, newest first",
    reply: z.object({ orders: z.array(orderDto) }),
  }),
  // The tracking lookup: "id" is a path segment here, not a parameter.
  trackOrder: defineOperation({
    method: "POST",
    path: "/order/id",
    access: "public",
    summary: "Finds an order by its number; masked unless the caller owns it or is staff",
    body: orderLookupInput,
    reply: z.object({ order: orderDto }),
  }),
  cancelOwnOrder: defineOperation({
    method: "PUT",
    path: "/order/:id/cancel",
    access: "user",
    summary: "Cancels the customer's own order while it is still processing",
    params: idParams,
    reply: orderWithMessage,
  }),
  listAllOrders: defineOperation({
    method: "GET",
    path: "/moderator/orders",
    access: "staff",
    summary: "Every order, newest first, optionally by (part of) its number",
    query: staffOrdersQuery,
    reply: staffOrderPageDto,
  }),
  confirmOrder: defineOperation({
    method: "POST",
    path: "/order/confirm",
    access: "public",
    summary: "Confirms a cash-on-delivery order with the 6-digit code sent by SMS (five tries per code)",
    body: confirmOrderInput,
    reply: messageOnly,
  }),
  resendConfirmationCode: defineOperation({
    method: "POST",
    path: "/order/confirm/resend",
    access: "public",
    summary: "Sends a new confirmation code by SMS (at most one a minute per order)",
    body: resendConfirmationInput,
    reply: messageOnly,
  }),
  staffConfirmOrder: defineOperation({
    method: "PUT",
    path: "/moderator/orders/:id/confirm",
    access: "staff",
    summary: "Confirms a cash-on-delivery order after a phone call with the customer",
    params: idParams,
    reply: orderWithMessage,
  }),
  setOrderStatus: defineOperation({
    method: "PUT",
    path: "/moderator/orders/:id/status",
    access: "staff",
    summary: "Moves an order to a new status (the customer is e-mailed)",
    params: idParams,
    body: orderStatusInput,
    reply: orderWithMessage,
  }),
};
