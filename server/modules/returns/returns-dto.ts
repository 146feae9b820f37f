/** The reply shapes of returns and exchanges (issue 17): money leaves as EGP numbers. */
import { customerRecordDto } from "../customers/customer-dto";
import { z } from "zod";
import { ORDER_STATUSES } from "@core/constants";
import { RETURN_REASON_VALUES, RETURN_STATE_VALUES, REFUND_METHODS } from "@core/validation/returns";

const pair = z.object({ size: z.string(), color: z.string() });

/** What the customer may ask for one order: each line, how many may still go back, and the pairs in stock. */
export const returnOptionsDto = z.object({
  orderNumber: z.string(),
  /** The last moment a request is accepted (delivery + 14 days). */
  deadline: z.string(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      name: z.string(),
      nameAr: z.string().nullable(),
      image: z.string().nullable(),
      size: z.string(),
      color: z.string(),
      quantity: z.number(),
      /** A request already open for the line: it cannot be asked again until rejected. */
      openState: z.enum(RETURN_STATE_VALUES).nullable(),
      /** Other pairs of the same product with stock now: the only exchanges offered. */
      exchangeOptions: z.array(pair.extend({ stock: z.number() })),
    }),
  ),
});
export type ReturnOptionsDTO = z.infer<typeof returnOptionsDto>;

export const returnLineDto = z.object({
  _id: z.string(),
  lineId: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  image: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  orderedQuantity: z.number(),
  /** What the customer paid for these units (EGP): the most a refund may give back. */
  paid: z.number(),
  exchangeSize: z.string().nullable(),
  exchangeColor: z.string().nullable(),
});

const orderLink = z.object({ _id: z.string(), orderNumber: z.string() });

/** One request as staff see it: the order, the photos, the customer's record and the steps taken. */
export const staffReturnDto = z.object({
  _id: z.string(),
  state: z.enum(RETURN_STATE_VALUES),
  kind: z.enum(["refund", "exchange"]),
  reason: z.enum(RETURN_REASON_VALUES),
  note: z.string(),
  /** How many photos: each is GET /moderator/returns/{id}/photos/{n}, n from 1. */
  photos: z.number(),
  rejectReason: z.string().nullable(),
  refundAmount: z.number().nullable(),
  refundMethod: z.enum(REFUND_METHODS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The most a refund may be (EGP): the paid amount of the lines. */
  refundable: z.number(),
  order: z.object({
    _id: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    deliveredAt: z.string().nullable(),
    total: z.number(),
    paymentMethod: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    email: z.string(),
    lang: z.enum(["en", "ar"]),
  }),
  lines: z.array(returnLineDto),
  exchangeOrder: orderLink.nullable(),
  /** The customer's record by the order's phone or e-mail. */
  customer: customerRecordDto,
});
export type StaffReturnDTO = z.infer<typeof staffReturnDto>;

export const staffReturnListDto = z.object({ returns: z.array(staffReturnDto) });
export const staffReturnReplyDto = z.object({ message: z.string(), request: staffReturnDto });
