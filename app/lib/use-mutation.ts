/**
 * The one way a screen writes: `useMutation(run, options)` owns what every form repeated by hand:
 * the busy flag (one submit at a time: a double click sends once), field errors (from the form's own
 * zod schema before sending, and from the server's 400 `errors` after), the toast (the server's
 * message on success, its translated message on failure) and revalidation of the page's loaders.
 *
 *   const save = useMutation((body: ProfileInput) => call("PUT /updateUser", { body }), { schema: profileInput });
 *   <form onSubmit={save.onSubmit(() => values)}> … {save.errors.firstName} … <Button busy={save.busy}>
 */
import { useCallback, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { toast } from "~/components/ui/toaster";
import { useT } from "~/i18n/react";
import { type FieldErrors, fieldErrors } from "@core/validation/field-errors";
import { ApiError, errorMessage } from "./api";

export type { FieldErrors };

/** The server's 400 `errors: [{ path, message }]` (already translated) as field errors. */
export function serverFieldErrors(e: unknown): FieldErrors {
  if (!(e instanceof ApiError) || !Array.isArray(e.body.errors)) return {};
  const out: FieldErrors = {};
  for (const item of e.body.errors as { path?: unknown; message?: unknown }[]) {
    const path = typeof item.path === "string" && item.path ? item.path : "_form";
    if (typeof item.message === "string" && !(path in out)) out[path] = item.message;
  }
  return out;
}

export interface MutationOptions<I, R> {
  /**
   * Checked before sending; its messages are i18n keys, shown translated beside the fields. Any
   * schema: it judges the values at run time, and a form's state (the inputs' text, "" for an
   * unchosen option) is rarely the schema's input type.
   */
  schema?: z.ZodType;
  /** Success toast: the server's `message` by default; a string (an i18n key) or a function instead; false for none. */
  success?: false | string | ((reply: R) => string | undefined);
  /**
   * Failure toast when the server sent no message (network failure): an i18n key. False for no
   * failure toast at all: the screen shows the error itself, beside its field (from `onError`).
   */
  failure?: false | string;
  /** Re-run the page's loaders after success (default true). */
  revalidate?: boolean;
  onSuccess?: (reply: R, input: I) => void | Promise<void>;
  onError?: (error: unknown, input: I) => void;
}

export interface Mutation<I, R> {
  /** Validates, sends, toasts; resolves to the reply, or undefined when it did not go through. */
  submit: (input: I) => Promise<R | undefined>;
  /** A form's onSubmit: prevents the page load and submits what `read` returns. */
  onSubmit: (read: () => I) => (e: FormEvent) => void;
  busy: boolean;
  errors: FieldErrors;
  /** A field's message, or undefined. */
  error: (field: string) => string | undefined;
  clearError: (field: string) => void;
  setErrors: (errors: FieldErrors) => void;
}

export function useMutation<I, R>(run: (input: I) => Promise<R>, options: MutationOptions<I, R> = {}): Mutation<I, R> {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const inFlight = useRef(false);
  // The latest run and options without re-creating submit on every render.
  const latest = useRef({ run, options });
  latest.current = { run, options };

  const submit = useCallback(
    async (input: I): Promise<R | undefined> => {
      if (inFlight.current) return undefined;
      const { run, options } = latest.current;
      if (options.schema) {
        const checked = options.schema.safeParse(input);
        if (!checked.success) {
          const found = fieldErrors(checked.error.issues);
          setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
          return undefined;
        }
      }
      inFlight.current = true;
      setBusy(true);
      setErrors({});
      try {
        const reply = await run(input);
        const text =
          options.success === false
            ? undefined
            : typeof options.success === "function"
              ? options.success(reply)
              : typeof options.success === "string"
                ? t(options.success)
                : messageOf(reply);
        if (text) toast.success(text);
        await options.onSuccess?.(reply, input);
        if (options.revalidate !== false) revalidator.revalidate();
        return reply;
      } catch (e) {
        setErrors(serverFieldErrors(e));
        options.onError?.(e, input);
        if (options.failure === false) return undefined;
        const message =
          e instanceof ApiError && typeof e.body.message === "string" && e.body.message.trim()
            ? e.body.message
            : options.failure
              ? t(options.failure)
              : errorMessage(e);
        toast.error(message);
        return undefined;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [t, revalidator],
  );

  const onSubmit = useCallback(
    (read: () => I) => (e: FormEvent) => {
      e.preventDefault();
      void submit(read());
    },
    [submit],
  );

  return {
    submit,
    onSubmit,
    busy,
    errors,
    error: (field) => errors[field],
    clearError: (field) =>
      setErrors((all) => {
        if (!(field in all)) return all;
        const { [field]: _, ...rest } = all;
        return rest;
      }),
    setErrors,
  };
}

function messageOf(reply: unknown): string | undefined {
  const message = (reply as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() ? message : undefined;
}
