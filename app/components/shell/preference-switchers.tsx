import { Moon, Sun, Languages } from "lucide-react";
import { useState } from "react";
import type { Theme } from "@core/constants";
import { useLang, useT } from "~/i18n/react";
import { setLangCookie, setThemeCookie } from "~/lib/cookies";

/** Switching language reloads the page (SPEC §2), so the server renders the other direction. */
/** `className` sets its display (e.g. "hidden sm:inline-flex"): the base has none, so one never overrides the other. */
export function LanguageSwitcher({ className = "inline-flex" }: { className?: string }) {
  const lang = useLang();
  const t = useT();
  const next = lang === "ar" ? "en" : "ar";
  return (
    <button
      type="button"
      className={`shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-3 py-2 text-sm hover:bg-surface-2 ${className}`}
      onClick={() => {
        setLangCookie(next);
        // Signed-in users keep the choice on their account too; failure here must not block the switch.
        void fetch("/api/preferences", {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ lang: next }),
        }).finally(() => window.location.reload());
      }}
      lang={next}
      // The name is the visible target language (axe label-content-name-mismatch); the title says what it does.
      title={t("common.language")}
      data-testid="language-switcher"
    >
      <Languages className="size-4" aria-hidden />
      <span>{next === "ar" ? t("common.switchToArabic") : t("common.switchToEnglish")}</span>
    </button>
  );
}

/** Theme changes in place; the cookie lets the server render the right theme next time, with no flash. */
export function ThemeSwitcher({ initial, className = "" }: { initial: Theme; className?: string }) {
  const t = useT();
  const [theme, setTheme] = useState<Theme>(initial);
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className={`inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-2 ${className}`}
      aria-label={t("common.toggleTheme")}
      title={t(next === "dark" ? "common.darkTheme" : "common.lightTheme")}
      data-testid="theme-switcher"
      onClick={() => {
        document.documentElement.classList.toggle("dark", next === "dark");
        setThemeCookie(next);
        setTheme(next);
        void fetch("/api/preferences", {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ theme: next }),
        }).catch(() => undefined);
      }}
    >
      {theme === "dark" ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </button>
  );
}
