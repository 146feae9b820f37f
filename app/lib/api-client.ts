/**
 * The browser's typed way to call the API: `call("POST /cart", { body })` names an operation by its
 * method and path, checked at compile time against the contracts (server/modules/contracts.ts), and
 * answers the operation's typed reply. Only types come from the server: no schema reaches the browser.
 * Failures behave as `api()` (app/lib/api.ts): ApiError with the server's translated message, and
 * 401/403 send the visitor to sign in or to /unauthorized unless `noAuthRedirect`.
 */
import type { z } from "zod";
import type { ApiOperations } from "@server/modules/contracts";
import { type ApiOptions, api } from "./api";

export type OperationKey = keyof ApiOperations;
type Spec<K extends OperationKey> = ApiOperations[K];

/** The reply of an operation, as the browser receives it. */
export type Reply<K extends OperationKey> = z.output<Spec<K>["reply"]>;

type Field<S, F extends string> = S extends { [P in F]: infer V } ? V : undefined;
type Part<S, Name extends string> = S extends z.ZodType ? { [P in Name]: z.input<S> } : { [P in Name]?: never };
type Upload<S> = S extends { multipart: true } ? { form: FormData } : { form?: never };

/** What an operation takes: path params, query and body, each only where its contract has one. */
export type Input<K extends OperationKey> = Part<Field<Spec<K>, "params">, "params"> &
  Part<Field<Spec<K>, "query">, "query"> &
  Part<Field<Spec<K>, "body">, "body"> &
  Upload<Spec<K>>;

type CallOptions = Pick<ApiOptions, "noAuthRedirect" | "signal" | "headers">;

/** Operations that take nothing may be called without an input. */
type Args<K extends OperationKey> =
  Record<never, never> extends Input<K>
    ? [input?: Input<K>, options?: CallOptions]
    : [input: Input<K>, options?: CallOptions];

export function call<K extends OperationKey>(key: K, ...[input, options]: Args<K>): Promise<Reply<K>> {
  const [method, template] = String(key).split(" ") as [string, string];
  // Read as plain parts: spelling out Input<K> for every operation is more than TypeScript will compute.
  const given: unknown = input;
  const { params, query, body, form } = (given ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    form?: FormData;
  };
  return api<Reply<K>>(pathOf(template, params) + queryOf(query), { ...options, method, body: form ?? body });
}

/** `/cart/:productId` with { productId: "a b" } → `/cart/a%20b`. */
export function pathOf(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? "")));
}

/** Undefined, null and empty values are left out; arrays repeat the key. */
export function queryOf(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null || v === "") continue;
      search.append(key, String(v));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
