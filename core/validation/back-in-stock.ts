/**
 * The back-in-stock form (issue 15, part 5), shared by the product page and
 * POST /api/back-in-stock. Messages are i18n keys (core/i18n/<lang>/alerts.json).
 */
import { z } from "zod";
import { uuidField } from "./fields";

export const backInStockInput = z.object({
  productId: uuidField("alerts.productInvalid"),
  // The product's own size and colour strings; the service checks the product offers them.
  size: z.string({ error: "alerts.sizeRequired" }).trim().max(40, "validation.tooLong"),
  color: z.string({ error: "alerts.colorRequired" }).trim().max(40, "validation.tooLong"),
  email: z
    .string({ error: "alerts.emailRequired" })
    .trim()
    .min(1, "alerts.emailRequired")
    .max(200, "validation.tooLong")
    .pipe(z.email("validation.emailInvalid")),
});

export type BackInStockInput = z.infer<typeof backInStockInput>;
