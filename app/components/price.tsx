import { formatEgp } from "@core/pricing";
import { useLang } from "~/i18n/react";

/**
 * A price in EGP from piastres or EGP. <bdi> isolates it, so "EGP 1,250" never scrambles inside
 * Arabic text.
 */
export function Price({ egp, piastres, className }: { egp?: number; piastres?: number; className?: string }) {
  const lang = useLang();
  const p = piastres ?? Math.round((egp ?? 0) * 100);
  return <bdi className={className}>{formatEgp(p, lang)}</bdi>;
}
