/**
 * The one error type services throw. It carries an i18n message key (see core/i18n) and a kind;
 * one table maps kinds to HTTP statuses, so a service never speaks HTTP.
 */
import type { Vars } from "@core/i18n";

export const ERROR_STATUS = {
  bad_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** An i18n key such as "cart.outOfStock". */
    readonly key: string,
    readonly vars?: Vars,
    /** Extra fields returned beside `message` (e.g. UserID on a 202-style flow). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(key);
    this.name = "AppError";
  }
  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const badInput = (key: string, vars?: Vars) => new AppError("bad_input", key, vars);
export const notFound = (key = "validation.notFound", vars?: Vars) => new AppError("not_found", key, vars);
export const conflict = (key: string, vars?: Vars) => new AppError("conflict", key, vars);
export const forbidden = (key = "validation.forbidden") => new AppError("forbidden", key);
export const unauthenticated = (key = "validation.unauthenticated") => new AppError("unauthenticated", key);
