import { Toaster as Sonner, toast as sonnerToast } from "sonner";
import { useDir } from "~/i18n/react";

/** Toasts show the time as their description (SPEC §8). */
export function Toaster() {
  const dir = useDir();
  // Plain toasts (coloured icons only): sonner's rich green fails WCAG contrast at 4.25:1.
  return <Sonner position={dir === "rtl" ? "bottom-left" : "bottom-right"} dir={dir} closeButton />;
}

const now = () =>
  new Date().toLocaleTimeString(document.documentElement.lang === "ar" ? "ar-EG" : "en-GB", { hour: "2-digit", minute: "2-digit" });

export const toast = {
  success: (message: string, opts?: Parameters<typeof sonnerToast.success>[1]) =>
    sonnerToast.success(message, { description: now(), ...opts }),
  error: (message: string, opts?: Parameters<typeof sonnerToast.error>[1]) =>
    sonnerToast.error(message, { description: now(), ...opts }),
  info: (message: string, opts?: Parameters<typeof sonnerToast.info>[1]) =>
    sonnerToast.info(message, { description: now(), ...opts }),
  loading: (message: string) => sonnerToast.loading(message),
  dismiss: (id?: string | number) => sonnerToast.dismiss(id),
};
