import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

// No effect runs on the server, but React 18 warns about a layout effect rendered there.
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.getClientRects().length > 0 && !el.closest("[inert]"),
  );
}

/**
 * Keeps Tab and Shift+Tab inside a modal while it is open, closes it on Escape, and hands focus
 * back to what had it before (the button that opened it) when it closes.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape?: () => void) {
  // The latest callback, so a parent's new closure each render does not re-arm the trap.
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;
  // Read while rendering: by the time effects run, an autoFocus inside has already taken focus.
  const openerRef = useRef<HTMLElement | null>(null);
  if (
    active &&
    !openerRef.current &&
    typeof document !== "undefined" &&
    document.activeElement instanceof HTMLElement
  ) {
    openerRef.current = document.activeElement;
  }
  // A layout effect: its cleanup runs while the modal is still in the page, so focus moves back to
  // the opener before the modal's removal drops it to <body>. (A plain effect's cleanup may run after
  // the next paint: it did under Preact, decision 386.)
  useClientLayoutEffect(() => {
    if (!active) return;
    const opener = openerRef.current;
    const onKey = (e: KeyboardEvent) => {
      const root = ref.current;
      if (!root) return;
      if (e.key === "Escape" && onEscapeRef.current) {
        e.preventDefault();
        onEscapeRef.current();
        return;
      }
      if (e.key !== "Tab") return;
      const items = focusables(root);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = root.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      openerRef.current = null;
      if (opener?.isConnected) opener.focus();
    };
  }, [ref, active]);
}
