/** Cash-on-delivery confirmation inputs (issue 16), shared by the order page's form and the API. */
import { z } from "zod";
import { orderLookupInput } from "./checkout";

export const confirmOrderInput = orderLookupInput.extend({
  code: z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z
      .string()
      .trim()
      .max(20, "cod.codeFormat")
      .regex(/^\d{6}$/, "cod.codeFormat"),
  ),
});
export type ConfirmOrderInput = z.infer<typeof confirmOrderInput>;

export const resendConfirmationInput = orderLookupInput;
