/**
 * lucide-react's icon factory, put in place of its own by the build (vite.config.ts,
 * `lucideIconsAsOneElement`): every `import { X } from "lucide-react"` makes its icon here.
 *
 * Why: a lucide icon is three components (its forwardRef, `Icon`, the svg) and one React element
 * per path, with its attributes rebuilt and its classes merged on every render. A product page
 * draws 18 icons with 46 paths, a sixth of its elements, on every render of every page. This one
 * is a single component that draws the svg with its paths as markup made once per icon: the same
 * HTML as lucide's (tests/unit/lucide-icon.test.tsx compares them), so it hydrates the same.
 */
import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

type IconAttributes = Record<string, string | number>;
type IconNode = [tag: string, attributes: IconAttributes][];

interface IconData {
  name?: string;
  size?: number;
  node: IconNode;
  aliases?: (string | { name: string })[];
}

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "ref"> {
  size?: string | number;
  color?: string;
  strokeWidth?: string | number;
  children?: ReactNode;
}

const escapeAttribute = (value: string | number) =>
  String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The paths as React's server would write them (`key` is React's, never an attribute). */
function markupOf(node: IconNode): string {
  let html = "";
  for (const [tag, attributes] of node) {
    html += `<${tag}`;
    for (const [name, value] of Object.entries(attributes))
      if (name !== "key") html += ` ${name}="${escapeAttribute(value)}"`;
    html += `></${tag}>`;
  }
  return html;
}

/** Lucide hides an icon from screen readers unless it is given a name or a role of its own. */
function namesItself(props: object): boolean {
  for (const [name, value] of Object.entries(props))
    if ((name.startsWith("aria-") || name === "role" || name === "title") && value != null) return true;
  return false;
}

/** Lucide's class list: `lucide lucide-{name} lucide-{alias}…` then the caller's, each once. */
function classesOf(own: string, className: string | undefined): string {
  if (!className) return own;
  const tokens = new Set(own.split(" "));
  for (const token of className.split(/\s+/)) if (token) tokens.add(token);
  return [...tokens].join(" ");
}

export default function createLucideIcon(data: IconData) {
  const box = data.size ?? 24;
  const aliases = (data.aliases ?? [])
    .filter((alias): alias is string => typeof alias === "string" && alias.trim() !== "")
    .map((alias) => `lucide-${alias}`);
  const own = ["lucide", ...(data.name ? [`lucide-${data.name}`] : []), ...aliases].join(" ");
  let markup: { __html: string } | undefined;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon, when its module loads, as lucide's own factory is
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { size, color, strokeWidth, className, children, ...rest },
    ref,
  ) {
    const labelled = children != null || namesItself(rest);
    const svg = {
      ref,
      xmlns: "http://www.w3.org/2000/svg",
      width: size ?? 24,
      height: size ?? 24,
      viewBox: `0 0 ${box} ${box}`,
      fill: "none",
      stroke: color ?? "currentColor",
      strokeWidth: strokeWidth ?? 2,
      strokeLinecap: "round" as const,
      strokeLinejoin: "round" as const,
      className: classesOf(own, className),
      ...(labelled ? {} : { "aria-hidden": "true" as const }),
      ...rest,
    };
    if (children != null)
      return createElement(
        "svg",
        svg,
        ...data.node.map(([tag, attributes]) => createElement(tag, attributes)),
        children,
      );
    markup ??= { __html: markupOf(data.node) };
    return createElement("svg", { ...svg, dangerouslySetInnerHTML: markup });
  });
  if (data.name) Icon.displayName = data.name.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c: string) => c.toUpperCase());
  return Icon;
}
