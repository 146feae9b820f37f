/** Cash-on-delivery confirmation inputs (issue 16), shared by the order page's form and the API. */
import { z } from "zod";
import { orderLookupInput } from "./checkout";

export const confirmOrderInput = orderLookupInput.extend({
  // A missing code reads as a wrong format (one message); the length is capped before the pattern runs.
  code: z
    .string({ error: "cod.codeFormat" })
    .trim()
    .max(20, { error: "cod.codeFormat", abort: true })
    .regex(/^\d{6}$/, "cod.codeFormat"),
});
export type ConfirmOrderInput = z.infer<typeof confirmOrderInput>;

export const resendConfirmationInput = orderLookupInput;
