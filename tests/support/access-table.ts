/**
 * The committed /api access table (docs/api-access.md): one row per method and path, sorted, so a
 * new route or a changed access shows as a one-line diff in review.
 */
export interface AccessRow {
  method: string;
  path: string;
  access: string;
}

const ACCESS_ORDER = ["public", "user", "staff", "admin"];

export function accessTableRows(routes: { method: string; url: string; access: string }[]): AccessRow[] {
  const seen = new Set<string>();
  const rows: AccessRow[] = [];
  for (const r of routes) {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ method: r.method, path: r.url, access: r.access });
  }
  return rows.sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1));
}

export function renderAccessTable(rows: AccessRow[]): string {
  const counts = ACCESS_ORDER.map((a) => `${rows.filter((r) => r.access === a).length} ${a}`).join(", ");
  return [
    "# Who may call each /api route",
    "",
    "Generated from the routes the app registers (each declares `config.access`, enforced by",
    "`server/http/access.ts` before the body is parsed). `tests/api/access-control.test.ts` fails when a",
    "route is added, removed or changes its access without this table changing, so who may call what",
    "is a reviewed diff. Regenerate with",
    "`UPDATE_ACCESS_TABLE=1 npx vitest run tests/api/access-control.test.ts`.",
    "",
    "- `public`: anyone, signed in or not (rate limits still apply).",
    "- `user`: any signed-in account (customer, moderator, admin); a guest gets 401.",
    "- `staff`: a moderator or an admin; a customer gets 403.",
    "- `admin`: an admin only; a moderator gets 403.",
    "",
    `${rows.length} routes: ${counts}.`,
    "",
    "| Method | Path | Access |",
    "| --- | --- | --- |",
    ...rows.map((r) => `| ${r.method} | \`${r.path}\` | ${r.access} |`),
    "",
  ].join("\n");
}

export function parseAccessTable(markdown: string): AccessRow[] {
  const rows: AccessRow[] = [];
  for (const line of markdown.split("\n")) {
    const m = /^\|\s*([A-Z]+)\s*\|\s*`([^`]+)`\s*\|\s*(\w+)\s*\|\s*$/.exec(line);
    if (m) rows.push({ method: m[1], path: m[2], access: m[3] });
  }
  return rows;
}
