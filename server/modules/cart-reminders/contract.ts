/** Abandoned-cart reminders (issue 16, part 6; docs/decisions/300–302). */
import { z } from "zod";
import { guestReminderInput, reminderToken, unsubscribeToken } from "@core/validation/cart-reminders";
import { defineOperation } from "../../http/operation";
import { productDto } from "../catalog/product-dto";
import { reminderStatsDto } from "./stats";

export const cartRemindersContract = {
  saveGuestReminder: defineOperation({
    method: "PUT",
    path: "/cart-reminders/guest",
    access: "public",
    summary: "A guest who ticked the reminder box at checkout: saves the address, language and bag",
    body: guestReminderInput,
    reply: z.object({ token: z.string() }),
  }),
  dropGuestReminder: defineOperation({
    method: "DELETE",
    path: "/cart-reminders/guest/:token",
    access: "public",
    summary: "The guest unticked the box: forgets the saved bag (an unknown token is no error)",
    params: z.object({ token: reminderToken }),
    reply: z.object({ message: z.string() }),
  }),
  restoreBag: defineOperation({
    method: "GET",
    path: "/cart-reminders/restore/:token",
    access: "public",
    summary: "The bag behind a reminder's link, priced as the shop sells it now",
    params: z.object({ token: reminderToken }),
    reply: z.object({
      /** A signed-in customer's bag is their own cart: they are asked to sign in. */
      signIn: z.boolean(),
      lines: z.array(
        z.object({
          productId: z.string(),
          quantity: z.number(),
          size: z.string(),
          color: z.string(),
          product: productDto,
        }),
      ),
    }),
  }),
  unsubscribeFromReminders: defineOperation({
    method: "POST",
    path: "/cart-reminders/unsubscribe",
    access: "public",
    summary: "Unsubscribes the address of a signed link from reminders (also RFC 8058 one-click)",
    query: z.object({ token: unsubscribeToken }),
    reply: z.object({ message: z.string() }),
  }),
  reminderStats: defineOperation({
    method: "GET",
    path: "/cart-reminders/stats",
    access: "staff",
    summary: "Reminders sent and carts that came back, in the last 30 days and in all",
    reply: reminderStatsDto,
  }),
};
