/** Inputs of the document downloads (invoice, slips and labels): shared by the API and the screens. */
import { z } from "zod";
import { orderLookupInput } from "./checkout";
import { uuidField } from "./fields";

/** How many orders one slips-and-labels file may hold: a print run, and a bound on the server's work. */
export const MAX_PRINT_ORDERS = 50;

export const orderIdParams = z.object({ id: uuidField("validation.notFound") });

/**
 * `?ids=<uuid>,<uuid>` from a link, or `?ids=<uuid>&ids=<uuid>` from a plain GET form of checkboxes:
 * either way the browser downloads the file itself, with or without scripts.
 */
export const printOrdersQuery = z.object({
  ids: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",") : v),
    z
      .array(uuidField("validation.invalidInput"), { error: "documents.noOrders" })
      .min(1, "documents.noOrders")
      .max(MAX_PRINT_ORDERS, "documents.tooMany")
      .transform((ids) => [...new Set(ids)]),
  ),
});

/** A guest proves the order is theirs with its number and the phone it was placed with. */
export const guestInvoiceInput = orderLookupInput.extend({
  phone: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string().trim().min(1, "ordersApi.phoneInvalid").max(30, "ordersApi.orderNotFound"),
  ),
});
