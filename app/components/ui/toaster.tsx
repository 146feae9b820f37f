import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";
import { useDir } from "~/i18n/react";
import { toastTime } from "./toast-time";

/*
 * sonner (about 10 kB gzipped) is not part of any page's first download: the first toast loads it
 * and mounts its Toaster. sonner hands toasts raised before its Toaster subscribed to it once it does.
 */
let sonner: Promise<typeof import("sonner")> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  sonner ??= import("sonner");
  return sonner;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const Sonner = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** Toasts show the time as their description (SPEC §8). */
export function Toaster() {
  const dir = useDir();
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!mounted) return null;
  // Plain toasts (coloured icons only): sonner's rich green fails WCAG contrast at 4.25:1.
  return (
    <Suspense fallback={null}>
      <Sonner position={dir === "rtl" ? "bottom-left" : "bottom-right"} dir={dir} closeButton />
    </Suspense>
  );
}

const now = () => toastTime(document.documentElement.lang);

type Kind = "success" | "error" | "info";
let lastId = 0;

/** Raises a toast once sonner is loaded; the id is known at once, so a later dismiss can name it. */
function show(kind: Kind | "loading", message: string, opts?: ExternalToast): string {
  const id = opts?.id ?? `toast-${++lastId}`;
  const description = kind === "loading" ? undefined : now();
  void loadSonner().then((m) => m.toast[kind](message, { description, ...opts, id }));
  return String(id);
}

export const toast = {
  success: (message: string, opts?: ExternalToast) => show("success", message, opts),
  error: (message: string, opts?: ExternalToast) => show("error", message, opts),
  info: (message: string, opts?: ExternalToast) => show("info", message, opts),
  loading: (message: string) => show("loading", message),
  dismiss: (id?: string | number) => {
    // Nothing to dismiss before the first toast loaded sonner.
    if (sonner) void sonner.then((m) => m.toast.dismiss(id));
  },
};
