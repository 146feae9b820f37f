/** Return and exchange requests (issue 17): the customer's form and the staff's actions, shared by the pages and the API. */
import { z } from "zod";
import { orderLookupInput } from "./checkout";
import { uuidField } from "./fields";

/** The refund policy's window: 14 days from the day the order was delivered. */
export const RETURN_WINDOW_DAYS = 14;
export const RETURN_MAX_PHOTOS = 3;
/** Each photo's size before it is re-encoded; a phone's photo fits, a video does not. */
export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RETURN_NOTE_MAX = 500;
export const RETURN_REASON_VALUES = [
  "size_too_small",
  "size_too_big",
  "not_as_pictured",
  "damaged",
  "changed_mind",
  "other",
] as const;
export type ReturnReason = (typeof RETURN_REASON_VALUES)[number];
export const RETURN_STATE_VALUES = ["open", "approved", "received", "refunded", "rejected"] as const;
export type ReturnState = (typeof RETURN_STATE_VALUES)[number];
export const REFUND_METHODS = ["cash", "wallet"] as const;

/**
 * Who asks: the signed-in owner needs only the number; a guest adds the order's phone or e-mail,
 * as the guest invoice does (checked against the order, never told which one was wrong).
 */
export const returnLookupInput = orderLookupInput.extend({
  contact: z.string().trim().max(120, "returns.notYourOrder").optional(),
});
export type ReturnLookupInput = z.infer<typeof returnLookupInput>;

const pairText = z.string().trim().max(40, "validation.tooLong");

export const returnRequestInput = returnLookupInput.extend({
  kind: z.enum(["refund", "exchange"], { error: "returns.kindRequired" }),
  reason: z.enum(RETURN_REASON_VALUES, { error: "returns.reasonRequired" }),
  note: z.string().trim().max(RETURN_NOTE_MAX, "returns.noteTooLong").default(""),
  lines: z
    .array(
      z.object({
        lineId: uuidField("returns.lineInvalid"),
        quantity: z.coerce
          .number({ error: "returns.quantityInvalid" })
          .int("returns.quantityInvalid")
          .min(1, "returns.quantityInvalid")
          .max(1000, "returns.quantityInvalid"),
        /** The pair wanted instead (exchange only). */
        size: pairText.optional(),
        color: pairText.optional(),
      }),
      { error: "returns.linesRequired" },
    )
    .min(1, "returns.linesRequired")
    .max(50, "returns.linesRequired"),
});
export type ReturnRequestInput = z.infer<typeof returnRequestInput>;

export const returnIdParams = z.object({ id: uuidField("validation.notFound") });

export const rejectReturnInput = z.object({
  reason: z.string().trim().min(1, "returns.rejectReasonRequired").max(300, "validation.tooLong"),
});

export const refundReturnInput = z.object({
  /** EGP, two decimals at most. */
  amount: z.coerce
    .number({ error: "returns.amountInvalid" })
    .positive("returns.amountInvalid")
    .max(10_000_000, "returns.amountInvalid")
    .refine((n) => Math.round(n * 100) === Math.round(n * 100 * 1000) / 1000, "returns.amountInvalid"),
  method: z.enum(REFUND_METHODS, { error: "returns.methodRequired" }),
});
