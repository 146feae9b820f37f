import { ChevronLeft, ChevronRight } from "lucide-react";
import { Children, useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useDir, useT } from "~/i18n/react";

export interface ScrollRowProps {
  children: ReactNode;
  /** Items visible at once on phones, tablets and desktops. */
  columns: { sm: number; md: number; lg: number };
  label: string;
  /** Arrows on phones only (SPEC §2 Home), or always. */
  arrows?: "small-screens" | "always";
  testId?: string;
  /** Rows whose items hold nothing focusable must take focus themselves, so a keyboard can scroll them. */
  focusable?: boolean;
}

/**
 * A horizontal row that snaps item by item, with scroll arrows. Plain CSS scroll snap, so it needs
 * no script to render and works in both reading directions.
 */
export function ScrollRow({
  children,
  columns,
  label,
  arrows = "small-screens",
  testId,
  focusable = false,
}: ScrollRowProps) {
  const t = useT();
  const dir = useDir();
  const list = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const scrolled = Math.abs(el.scrollLeft); // negative in right-to-left layouts
    setEdges({ start: scrolled < 4, end: scrolled + el.clientWidth >= el.scrollWidth - 4 });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);

  const scroll = (forward: boolean) => {
    const el = list.current;
    if (!el) return;
    const step = el.clientWidth * 0.9 * (forward ? 1 : -1) * (dir === "rtl" ? -1 : 1);
    el.scrollBy({ left: step, behavior: "smooth" });
  };

  const style = { "--c-sm": columns.sm, "--c-md": columns.md, "--c-lg": columns.lg } as CSSProperties;
  const arrowVisibility = arrows === "always" ? "" : "md:hidden";
  const arrow = `absolute top-1/3 z-10 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-surface shadow disabled:opacity-0 ${arrowVisibility}`;
  return (
    <div className="relative" data-testid={testId}>
      <ul
        ref={list}
        onScroll={measure}
        aria-label={label}
        tabIndex={focusable ? 0 : undefined}
        style={style}
        className="-mx-1 -mt-1 flex scroll-px-1 snap-x snap-mandatory gap-4 overflow-x-auto px-1 pb-2 pt-1 [--c:var(--c-sm)] [scrollbar-width:thin] md:[--c:var(--c-md)] lg:[--c:var(--c-lg)]"
      >
        {Children.map(children, (child) => (
          <li className="shrink-0 grow-0 basis-[calc((100%-(var(--c)-1)*1rem)/var(--c))] snap-start">{child}</li>
        ))}
      </ul>
      <button
        type="button"
        className={`${arrow} -start-2`}
        onClick={() => scroll(false)}
        disabled={edges.start}
        aria-label={t("catalog.scrollBack")}
        data-testid="scroll-back"
      >
        <ChevronLeft className="size-5 rtl:rotate-180" aria-hidden />
      </button>
      <button
        type="button"
        className={`${arrow} -end-2`}
        onClick={() => scroll(true)}
        disabled={edges.end}
        aria-label={t("catalog.scrollForward")}
        data-testid="scroll-forward"
      >
        <ChevronRight className="size-5 rtl:rotate-180" aria-hidden />
      </button>
    </div>
  );
}
