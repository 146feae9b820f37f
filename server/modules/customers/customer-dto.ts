/** What staff see of a customer (issue 16): the record of their orders, and the blocks. */
import { z } from "zod";
import { BLOCK_KINDS } from "@core/validation/customers";

/** One customer's orders, matched by the order's phone (normalised) or its e-mail. */
export const customerRecordDto = z.object({
  orders: z.number(),
  delivered: z.number(),
  /** Cancelled with the reason "refused" (at the door). */
  refused: z.number(),
  /** Cancelled for any other reason (or none given). */
  cancelled: z.number(),
  /** The totals of delivered orders, EGP. */
  totalPaid: z.number(),
  /** Refusals at or over COD_REFUSAL_LIMIT. */
  flagged: z.boolean(),
  /** The order's phone or e-mail is blocked from cash on delivery. */
  blocked: z.object({ phone: z.boolean(), email: z.boolean() }),
});
export type CustomerRecordDTO = z.infer<typeof customerRecordDto>;

export const customerBlockDto = z.object({
  _id: z.string(),
  kind: z.enum(BLOCK_KINDS),
  /** The normalised phone or e-mail. */
  value: z.string(),
  note: z.string(),
  createdAt: z.string(),
  /** The staff member's e-mail; null once that account is gone. */
  createdBy: z.string().nullable(),
});
export type CustomerBlockDTO = z.infer<typeof customerBlockDto>;
