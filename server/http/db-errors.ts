/**
 * What a database failure means for the caller. Drizzle wraps the driver's error (`cause`), so the
 * whole chain is searched for PostgreSQL's SQLSTATE or the socket's error code.
 */

/** The database went away (restart, failover, terminated or refused connection): try again soon. */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown (pg_terminate_backend, a restart)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006", // connection exceptions
  "53300", // too_many_connections
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|terminating connection|timeout exceeded when trying to connect|Connection ended unexpectedly|connection is closed/i;

/** The caller's text the database cannot store: a NUL byte, a broken escape, a malformed value. */
const BAD_TEXT_CODES = new Set([
  "22021", // character_not_in_repertoire: "invalid byte sequence for encoding UTF8: 0x00"
  "22P05", // untranslatable_character: "unsupported Unicode escape sequence"
]);
const BAD_VALUE_CODES = new Set([
  "22P02", // invalid_text_representation (e.g. not a uuid)
  "22001", // string_data_right_truncation (longer than the column)
  "22003", // numeric_value_out_of_range
  "22007",
  "22008", // invalid date/time
  "54000", // program_limit_exceeded (e.g. an index row too large)
]);

function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

export type DbErrorKind = "unavailable" | "bad_text" | "bad_value";

export function classifyDbError(err: unknown): DbErrorKind | null {
  for (const e of chain(err)) {
    const code = typeof e.code === "string" ? e.code : "";
    if (UNAVAILABLE_CODES.has(code)) return "unavailable";
    if (BAD_TEXT_CODES.has(code)) return "bad_text";
    if (BAD_VALUE_CODES.has(code)) return "bad_value";
    // Drizzle's own message quotes the query's parameters (the caller's text): only the driver's counts.
    const quotesParams = (e as { name?: unknown }).name === "DrizzleQueryError";
    if (!quotesParams && typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return "unavailable";
  }
  return null;
}
