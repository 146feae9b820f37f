export type Dictionary = Record<string, string>;
export type Vars = Record<string, string | number>;

export function interpolate(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export function translateWith(dict: Dictionary, key: string, vars?: Vars): string {
  return interpolate(dict[key] ?? key, vars);
}
