/**
 * Issue 11 item 4: no regular expression of core/ or server/ can backtrack super-linearly, and no
 * zod pattern ever sees an unbounded string. Two sweeps:
 * - every exported zod schema of core/validation and server/modules is walked; each pattern it
 *   runs (a `.regex()` check or a format such as `z.email()`) is given to recheck, and must run only
 *   after a length cap that stops it: `.max(n, { abort: true })` earlier in the same string, or a
 *   `.max()` on the input side of a `.pipe()`. (Zod 4 runs the remaining checks after a failed
 *   plain `.max()`, so a `.max()` without `abort` does not protect the pattern after it.)
 * - every regex literal and `new RegExp(...)` in the sources of core/ and server/ goes through
 *   recheck too, found with the TypeScript parser rather than a pattern over the text.
 */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { checkSync } from "recheck";
import type { z } from "zod";

const ROOT = path.resolve(__dirname, "../..");

const modules = {
  ...import.meta.glob("../../core/validation/**/*.ts", { eager: true }),
  ...import.meta.glob("../../server/modules/**/schemas.ts", { eager: true }),
  ...import.meta.glob("../../server/modules/catalog/read/list-products.ts", { eager: true }),
} as Record<string, Record<string, unknown>>;

interface Found {
  where: string;
  pattern: RegExp;
  bounded: boolean;
}

type Def = Record<string, unknown> & { type?: string; checks?: { _zod: { def: Record<string, unknown> } }[] };
const isZod = (v: unknown): v is z.ZodType => typeof v === "object" && v !== null && "_zod" in v;
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a string schema caps its length with a check that stops the later ones. */
const hasAbortingMax = (checks: Def["checks"], before: number) =>
  (checks ?? [])
    .slice(0, before)
    .some((c) => ["max_length", "length_equals"].includes(c._zod.def.check as string) && c._zod.def.abort === true);
const hasMax = (s: z.ZodType): boolean => {
  const def = defOf(s);
  if ((def.checks ?? []).some((c) => ["max_length", "length_equals"].includes(c._zod.def.check as string))) return true;
  if (def.type === "pipe") return hasMax(def.in as z.ZodType) || hasMax(def.out as z.ZodType);
  return false;
};

function walk(s: z.ZodType, where: string, bounded: boolean, found: Found[], seen: Set<unknown>): void {
  if (seen.has(s)) return;
  seen.add(s);
  const def = defOf(s);
  if (def.type === "string") {
    // A format (z.email(), z.uuid()...) is itself the schema's first check.
    if (def.pattern instanceof RegExp)
      found.push({ where: `${where} (${String(def.format)})`, pattern: def.pattern, bounded });
    (def.checks ?? []).forEach((c, i) => {
      const p = c._zod.def.pattern;
      if (p instanceof RegExp) found.push({ where, pattern: p, bounded: bounded || hasAbortingMax(def.checks, i) });
    });
    return;
  }
  const next = (child: unknown, name: string, b = bounded) =>
    isZod(child) && walk(child, `${where}.${name}`, b, found, seen);
  switch (def.type) {
    case "object":
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) next(v, k);
      next(def.catchall, "*");
      break;
    case "pipe":
      next(def.in, "in");
      next(def.out, "out", bounded || hasMax(def.in as z.ZodType));
      break;
    case "array":
      next(def.element, "[]");
      break;
    case "union":
    case "discriminated_union":
      for (const [i, o] of (def.options as unknown[]).entries()) next(o, `|${i}`);
      break;
    case "intersection":
      next(def.left, "&l");
      next(def.right, "&r");
      break;
    case "record":
    case "map":
      next(def.keyType, "key");
      next(def.valueType, "value");
      break;
    case "tuple":
      for (const [i, o] of (def.items as unknown[]).entries()) next(o, `[${i}]`);
      next(def.rest, "rest");
      break;
    case "lazy":
      next((def.getter as () => unknown)(), "lazy");
      break;
    default:
      next(def.innerType, def.type ?? "inner");
  }
}

function schemaPatterns(): Found[] {
  const found: Found[] = [];
  const seen = new Set<unknown>();
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isZod(value)) walk(value, `${file.replace("../../", "")}:${name}`, false, found, seen);
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "migrations" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

interface Literal {
  where: string;
  source: string | null;
  flags: string;
}

/** Regex literals and `new RegExp(...)` calls, by the TypeScript parser (a dynamic pattern has source null). */
function sourcePatterns(): Literal[] {
  const out: Literal[] = [];
  for (const file of ["core", "server"].flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
    const text = fs.readFileSync(file, "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const at = (n: ts.Node) =>
      `${path.relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const visit = (n: ts.Node) => {
      if (ts.isRegularExpressionLiteral(n)) {
        const lastSlash = n.text.lastIndexOf("/");
        out.push({ where: at(n), source: n.text.slice(1, lastSlash), flags: n.text.slice(lastSlash + 1) });
      } else if (
        (ts.isNewExpression(n) || ts.isCallExpression(n)) &&
        ts.isIdentifier(n.expression) &&
        n.expression.text === "RegExp"
      ) {
        const [src, flags] = n.arguments ?? [];
        const literal = (a: ts.Node | undefined) => (a && ts.isStringLiteralLike(a) ? a.text : null);
        out.push({ where: at(n), source: literal(src), flags: literal(flags) ?? "" });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

const vulnerable = (source: string, flags: string) => {
  const r = checkSync(source, flags);
  return r.status === "vulnerable"
    ? `${r.complexity?.type ?? "?"}${r.attack ? ` (attack ${JSON.stringify(r.attack.pattern)})` : ""}`
    : null;
};

describe("regular expressions", () => {
  const fromSchemas = schemaPatterns();
  const fromSources = sourcePatterns();

  it("finds the shared schemas' patterns and the sources' regexes (the sweep is not empty)", () => {
    expect(fromSchemas.length).toBeGreaterThan(5);
    expect(fromSources.length).toBeGreaterThan(20);
    expect(fromSchemas.some((f) => f.where.includes("contact.ts:contactInput.phone"))).toBe(true);
  });

  it("refuses every schema pattern that can backtrack super-linearly", () => {
    const bad = fromSchemas.flatMap((f) => {
      const v = vulnerable(f.pattern.source, f.pattern.flags);
      return v ? [`${f.where}: /${f.pattern.source}/ ${v}`] : [];
    });
    expect(bad).toEqual([]);
  });

  it("runs every schema pattern only on a string whose length is capped first", () => {
    expect(fromSchemas.filter((f) => !f.bounded).map((f) => `${f.where}: /${f.pattern.source}/`)).toEqual([]);
  });

  it("refuses every regex literal and new RegExp of core/ and server/ that can backtrack super-linearly", () => {
    const bad = fromSources.flatMap((l) => {
      if (l.source === null) return [`${l.where}: a RegExp built at run time cannot be checked`];
      const v = vulnerable(l.source, l.flags);
      return v ? [`${l.where}: /${l.source}/${l.flags} ${v}`] : [];
    });
    expect(bad).toEqual([]);
  });

  it("would catch the pattern that blocked the shop (the check itself works)", () => {
    expect(vulnerable(String.raw`^\s*\d{0,7}(\.\d{1,2})?\s*-\s*\d{0,7}(\.\d{1,2})?\s*$`, "")).toMatch(/polynomial/);
  });
});
