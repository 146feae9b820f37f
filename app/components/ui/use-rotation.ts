import { useCallback, useEffect, useState, type FocusEvent } from "react";

/**
 * Auto-rotation that a person can stop (WCAG 2.2.2): a visible pause/play button, a pause while
 * the pointer or focus is inside, and no rotation at all for prefers-reduced-motion until the
 * person presses play.
 */
export function useRotation(count: number, everyMs: number, advance: () => void) {
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const [reduced, setReduced] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  /** Rotating by choice: the button's state. */
  const playing = choice ? choice === "play" : !reduced;
  const running = playing && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!running) return;
    const id = setInterval(advance, everyMs);
    return () => clearInterval(id);
  }, [running, everyMs, advance]);

  const toggle = useCallback(() => setChoice(playing ? "pause" : "play"), [playing]);

  const hoverFocusProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return { playing, running, toggle, reduced, hoverFocusProps };
}
