import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orderItems, orders } from "./orders";

export const RETURN_STATES = ["open", "approved", "received", "refunded", "rejected"] as const;
export const RETURN_REASONS = [
  "size_too_small",
  "size_too_big",
  "not_as_pictured",
  "damaged",
  "changed_mind",
  "other",
] as const;

/**
 * A customer's return or exchange request (issue 17): some lines of one delivered order, a reason,
 * photos in the private store, and the staff's steps (approve, receive, refund or reject).
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Who asked, when signed in; null for a guest. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["refund", "exchange"] }).notNull(),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    /** Keys in the private store (never served directly; staff read them through their route). */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    state: text("state", { enum: RETURN_STATES }).notNull().default("open"),
    rejectReason: text("reject_reason"),
    /** Piastres, set when refunded. */
    refundAmount: integer("refund_amount"),
    refundMethod: text("refund_method", { enum: ["cash", "wallet"] }),
    /** The no-charge order that ships the new size or colour, made at approval. */
    exchangeOrderId: uuid("exchange_order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    index("return_requests_state_idx").on(t.state, t.createdAt),
    index("return_requests_order_idx").on(t.orderId),
    index("return_requests_exchange_idx").on(t.exchangeOrderId),
    check("return_requests_refund_non_negative", sql`${t.refundAmount} is null or ${t.refundAmount} >= 0`),
  ],
);

export const returnRequestLines = pgTable(
  "return_request_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The pair asked for instead (exchange only). */
    exchangeSize: text("exchange_size"),
    exchangeColor: text("exchange_color"),
    /** False once its request is rejected: only then may the line be asked for again. */
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    // One open request per order line, kept by the database even when two requests race.
    uniqueIndex("return_request_lines_one_open_idx").on(t.orderItemId).where(sql`${t.active}`),
    index("return_request_lines_request_idx").on(t.requestId),
    check("return_request_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
