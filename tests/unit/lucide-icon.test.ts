// The build draws lucide's icons with app/lib/lucide-icon.ts (vite.config.ts): its HTML must be
// lucide's own, letter for letter, or the browser's hydration would meet markup it did not expect.
// Every icon the app imports is compared, bare and with the props the app passes.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import createLucideIcon from "~/lib/lucide-icon";

const root = path.resolve(import.meta.dirname, "../..");
const esm = path.join(path.dirname(createRequire(import.meta.url).resolve("lucide-react/package.json")), "dist/esm");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every icon name imported from lucide-react anywhere in the app. */
const used = [
  ...new Set(
    sources(path.join(root, "app")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)].flatMap((m) =>
        m[1]!
          .split(",")
          .map((name) => name.trim().split(/\s+as\s+/)[0]!)
          .filter(Boolean),
      ),
    ),
  ),
].sort();

/** Each export name's icon file, as lucide-react's index names it (aliases included). */
const fileOf = new Map<string, string>();
for (const m of readFileSync(path.join(esm, "lucide-react.mjs"), "utf8").matchAll(
  /export \{([^}]*)\} from '\.\/icons\/([^']+)\.mjs'/g,
))
  for (const part of m[1]!.split(",")) fileOf.set(part.trim().split(/\s+as\s+/)[1]!, m[2]!);

const VARIANTS: Record<string, Record<string, unknown>> = {
  bare: {},
  "a class": { className: "size-4 shrink-0 lucide" },
  "a name for screen readers": { "aria-label": "Close", className: "size-5" },
  "a role": { role: "img" },
  "size, colour and stroke": { size: 16, color: "red", strokeWidth: 1.5 },
  "other attributes": { "data-testid": "icon", fill: "currentColor", style: { color: "blue" } },
};

describe("lucide icons drawn as one element", () => {
  it("finds the icons the app uses", () => {
    expect(used.length).toBeGreaterThan(30);
    expect(used).toContain("X");
  });

  it.each(used)("%s: the same HTML as lucide-react's", async (name) => {
    const file = fileOf.get(name);
    expect(file, `${name} is one of lucide-react's exports`).toBeDefined();
    const { __iconData } = (await import(/* @vite-ignore */ path.join(esm, "icons", `${file}.mjs`))) as {
      __iconData: Parameters<typeof createLucideIcon>[0];
    };
    const theirs = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name]!;
    const ours = createLucideIcon(__iconData) as unknown as ComponentType<Record<string, unknown>>;
    for (const [variant, props] of Object.entries(VARIANTS))
      expect(renderToString(createElement(ours, props)), variant).toBe(renderToString(createElement(theirs, props)));
    const withTitle = (icon: ComponentType<Record<string, unknown>>) =>
      renderToString(createElement(icon, { className: "size-4" }, createElement("title", null, "Saved")));
    expect(withTitle(ours), "a child element").toBe(withTitle(theirs));
  });

  it("renders one element per icon, its paths as markup", () => {
    const file = fileOf.get("Pause")!;
    const data = {
      name: file,
      size: 24,
      node: [
        ["rect", { x: "14", y: "3", width: "5", height: "18", rx: "1", key: "a" }],
        ["rect", { x: "5", y: "3", width: "5", height: "18", rx: "1", key: "b" }],
      ] as [string, Record<string, string>][],
    };
    const Pause = createLucideIcon(data);
    expect(renderToString(createElement(Pause))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-pause" aria-hidden="true">' +
        '<rect x="14" y="3" width="5" height="18" rx="1"></rect><rect x="5" y="3" width="5" height="18" rx="1"></rect></svg>',
    );
  });
});
