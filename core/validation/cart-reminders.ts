/**
 * Abandoned-cart reminders (issue 16, part 6): what the checkout page saves when a guest ticks
 * "Email me a reminder about my bag", and the tokens of the restore and unsubscribe links.
 * Every field is bounded (decision 110): a caller cannot store more than a real bag.
 */
import { z } from "zod";
import { LIMITS } from "../constants";
import { uuidField } from "./fields";
import { pairFields } from "./checkout";

/** More lines than any real bag; the guest cart itself holds far fewer. */
export const REMINDER_MAX_LINES = 30;

const LINK_INVALID = "reminders.linkInvalid";
/** A pattern checked only on a string already capped in length (no long input reaches a regex). */
const cappedPattern = (max: number, pattern: RegExp) =>
  z
    .string({ error: LINK_INVALID })
    .max(max, { error: LINK_INVALID, abort: true })
    .pipe(z.string().regex(pattern, LINK_INVALID));

/** Random tokens are 43 base64url characters (32 bytes). */
export const reminderToken = cappedPattern(64, /^[A-Za-z0-9_-]{20,64}$/);

/** Unsubscribe tokens: the address (base64url) and its signature; an address is at most 254 characters. */
export const unsubscribeToken = cappedPattern(400, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

export const guestReminderInput = z.object({
  email: z
    .string({ error: "reminders.emailRequired" })
    .trim()
    .min(1, "reminders.emailRequired")
    .max(254, "validation.tooLong")
    .pipe(z.email("validation.emailInvalid")),
  lines: z
    .array(
      z.object({
        productId: uuidField("ordersApi.productNotFound"),
        quantity: z
          .number({ error: "ordersApi.invalidQuantity" })
          .int("ordersApi.invalidQuantity")
          .min(1, "ordersApi.quantityMin")
          .max(LIMITS.cartLineMaxQuantity, "ordersApi.quantityMax"),
        ...pairFields,
      }),
    )
    .min(1, "reminders.emptyBag")
    .max(REMINDER_MAX_LINES, "validation.tooLong"),
  /** The token this browser got from its first save: later saves update that row. */
  token: reminderToken.optional(),
});
export type GuestReminderInput = z.infer<typeof guestReminderInput>;
