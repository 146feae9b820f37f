/**
 * What counts as a failure in a reply: a 5xx, or a leak of the server's insides (a stack trace, a
 * file path of the server, SQL text or a database error). HTML pages carry the shop's own words and
 * scripts, so they are held only to the patterns no page of ours contains.
 */

/** Leaks that are never in any reply of ours, JSON or HTML. */
const STRICT_LEAKS = [
  ["stack trace", /\n\s*at [^\n]*[(\s](?:file:\/\/|\/|node:)[^\n]*:\d+:\d+/],
  ["stack trace", /\bat (?:async )?[\w.$<>]+ \((?:file:\/\/|\/|node:)[^)]*:\d+:\d+\)/],
  ["file path", /(?:file:\/\/)?\/(?:work|home|root|usr|opt|srv|var|tmp)\/[\w.\-/]+\.(?:m?js|ts|tsx)\b/],
  ["file path", /\bnode_modules\/[\w@.\-/]+/],
  ["SQL text", /\binsert into\s+(?:\\?")?\w+/i],
  ["SQL text", /\bsyntax error at\b/i],
  ["SQL text", /\brelation \\?"\w+/i],
  ["SQL text", /\bFailed query:/],
  ["database error", /\bviolates (?:foreign key|unique|check|not-null) constraint\b/i],
  ["database error", /\bduplicate key value\b/i],
  ["database error", /\binvalid input syntax for (?:type )?\w+/i],
  ["database error", /\bcolumn \\?"\w+\\?" (?:does not exist|of relation)/i],
  ["database error", /\b(?:DrizzleQueryError|PGlite|PostgresError|ECONNREFUSED)\b/],
  ["database error", /\bunsupported Unicode escape sequence\b/i],
];

/** SQL that a JSON or text reply should never echo; shop prose in a page may say "select a size from". */
const TEXT_LEAKS = [
  // A column list: names, quoted or not (a quote in a JSON string reads \"), separated by commas.
  ["SQL text", /\bselect\s+(?:(?:\\?")?[\w.*]+(?:\\?")?\s*,\s*)*(?:\\?")?[\w.*]+(?:\\?")?\s+from\s+(?:\\?")?\w+/i],
  ["SQL text", /\b(?:update\s+(?:\\?")?\w+(?:\\?")?\s+set\s|delete from\s+(?:\\?")?\w+)/i],
  ["error object", /"(?:stack|sqlState|routine|severity)"\s*:/],
];

/**
 * The failure kinds of one reply ([] when it is fine). `status` 0 means no reply at all (the
 * connection broke or the request timed out).
 */
export function findProblems({ status, contentType = "", body = "", timedOut = false }) {
  const problems = [];
  if (timedOut) problems.push("no reply in time");
  else if (status === 0) problems.push("connection dropped");
  else if (status >= 500) problems.push(`status ${status}`);
  const isHtml = contentType.includes("text/html");
  const patterns = isHtml ? STRICT_LEAKS : [...STRICT_LEAKS, ...TEXT_LEAKS];
  for (const [kind, re] of patterns) {
    if (re.test(body) && !problems.includes(kind)) problems.push(kind);
  }
  return problems;
}
