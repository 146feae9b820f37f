/**
 * Abandoned-cart reminders (issue 16, part 6): what the checkout page saves when a guest ticks
 * "Email me a reminder about my bag", and the tokens of the restore and unsubscribe links.
 * Every field is bounded (decision 110): a caller cannot store more than a real bag.
 */
import { z } from "zod";
import { LIMITS } from "../constants";
import { uuidField } from "./fields";

/** More lines than any real bag; the guest cart itself holds far fewer. */
export const REMINDER_MAX_LINES = 30;

/** Random tokens are 43 base64url characters (32 bytes). */
export const reminderToken = z
  .string({ error: "reminders.linkInvalid" })
  .max(64, "reminders.linkInvalid")
  .regex(/^[A-Za-z0-9_-]{20,64}$/, "reminders.linkInvalid");

/** Unsubscribe tokens: the address (base64url) and its signature; an address is at most 254 characters. */
export const unsubscribeToken = z
  .string({ error: "reminders.linkInvalid" })
  .max(400, "reminders.linkInvalid")
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, "reminders.linkInvalid");

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
        quantity: z.number().int().min(1).max(LIMITS.cartLineMaxQuantity),
        size: z.string().trim().min(1).max(60, "validation.tooLong"),
        color: z.string().trim().min(1).max(60, "validation.tooLong"),
      }),
    )
    .min(1, "reminders.emptyBag")
    .max(REMINDER_MAX_LINES, "validation.tooLong"),
  /** The token this browser got from its first save: later saves update that row. */
  token: reminderToken.optional(),
});
export type GuestReminderInput = z.infer<typeof guestReminderInput>;
