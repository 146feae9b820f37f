import { errorMessage } from "~/lib/api";
import { type FieldErrors, serverFieldErrors } from "~/lib/use-mutation";

/**
 * A failed account form keeps its message on the page (the toast goes away): the server's field
 * errors beside their fields, or else its message above the button (`_form`).
 */
export function inlineErrors(e: unknown): FieldErrors {
  const fields = serverFieldErrors(e);
  return Object.keys(fields).length ? fields : { _form: errorMessage(e) };
}
