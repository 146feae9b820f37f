export type Dictionary = Record<string, string>;
export type Vars = Record<string, string | number>;

export function interpolate(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/**
 * One Intl.PluralRules per language, made the first time a counted string is shown and kept:
 * decision 083 keeps Intl formatters off the first render's path, and a counted string costs a
 * single `select` after the first.
 */
const pluralRules = new Map<string, Intl.PluralRules>();

export function pluralForm(lang: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/**
 * A counted string is stored as `key_one`, `key_other`… (Arabic also `_zero`, `_two`, `_few`,
 * `_many`); the count is `vars.count`, else `vars.n`. Without a language, a dictionary that has
 * Arabic's `_few` form is read with Arabic rules (meta functions see only the dictionary).
 */
export function pluralKey(dict: Dictionary, key: string, vars: Vars | undefined, lang?: string): string {
  const other = `${key}_other`;
  if (!(other in dict)) return key;
  const count = vars?.count ?? vars?.n;
  if (typeof count !== "number") return other;
  const form = `${key}_${pluralForm(lang ?? (`${key}_few` in dict ? "ar" : "en"), count)}`;
  return form in dict ? form : other;
}

export function translateWith(dict: Dictionary, key: string, vars?: Vars, lang?: string): string {
  if (key in dict) return interpolate(dict[key]!, vars);
  const plural = pluralKey(dict, key, vars, lang);
  return interpolate(dict[plural] ?? key, vars);
}
