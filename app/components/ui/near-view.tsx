import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders `children` once the placeholder comes within `margin` of the viewport, and `placeholder`
 * until then (and on the server). The placeholder must hold the children's size,
 * so nothing moves when they arrive (docs/decisions/080).
 */
export function NearView({
  children,
  placeholder,
  margin = "400px",
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    // A transition: React renders the cards in slices between frames, so scrolling and typing stay responsive.
    const io = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setNear(true)),
      {
        rootMargin: `${margin} 0px`,
      },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near, margin]);

  if (near) return children;
  return (
    <div ref={ref} data-near-view="waiting">
      {placeholder}
    </div>
  );
}
