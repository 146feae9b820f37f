/**
 * Where to send someone after an address-bar-driven step (sign-in's ?redirect=): only a path of
 * this shop survives, anything else becomes `fallback`. Browsers forgive a lot in a Location, so
 * the checks are on what a browser would make of the value, not on its first characters alone:
 * they drop tabs and newlines ("/\t/evil" is "//evil"), read "\" as "/", and a value may arrive
 * encoded once more than expected ("/%09/x", "/%5Cx", "%2F%2Fx").
 */
const ORIGIN = "http://same-origin.invalid";
/** Longer than any real path of the shop with its filters. */
const MAX_LENGTH = 2048;

/** A control character (tabs, newlines) or a backslash, anywhere. */
const hasForbidden = (s: string) => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return false;
};

/** The value with its percent-escapes undone, twice at most; null when it is not valid escaping. */
function decodedForms(s: string): string[] | null {
  const forms = [s];
  try {
    for (let i = 0; i < 2; i++) forms.push(decodeURIComponent(forms.at(-1)!));
  } catch {
    return null;
  }
  return forms;
}

export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_LENGTH) return fallback;
  const forms = decodedForms(target);
  if (!forms) return fallback;
  // Every form must be a path: one leading slash, never two, nothing a browser would rewrite.
  if (forms.some((f) => !f.startsWith("/") || f.startsWith("//") || hasForbidden(f))) return fallback;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
