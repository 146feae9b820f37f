/**
 * A `Vary` header's value with `name` added once (compared without case; `*` already covers it).
 * A page that depends on who asks (Cookie) or on how it is encoded (Accept-Encoding) must say so to
 * every cache in front.
 */
export function varyWith(vary: unknown, name: string): string {
  const values = (Array.isArray(vary) ? vary : [vary])
    .flatMap((v) => String(v ?? "").split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  return values.some((v) => v.toLowerCase() === name.toLowerCase() || v === "*")
    ? values.join(", ")
    : [...values, name].join(", ");
}
