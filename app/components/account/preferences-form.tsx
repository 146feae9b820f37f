import { useState } from "react";
import type { Lang, Theme } from "@core/constants";
import { useLang, useT } from "~/i18n/react";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { setLangCookie, setThemeCookie } from "~/lib/cookies";

function Choice<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: { value: T; label: string; lang?: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            lang={o.lang}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-line px-4 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:has-[:checked]:bg-brand-900/40"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="accent-brand-600"
              data-testid={`${name}-${o.value}`}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Preferences: theme and language, kept in cookies (so the server renders them) and on the account.
 * A new language reloads the page, as the switcher in the top bar does.
 */
export function PreferencesForm({ initialTheme }: { initialTheme: Theme }) {
  const t = useT();
  const [lang, setLang] = useState<Lang>(useLang());
  const [theme, setTheme] = useState<Theme>(initialTheme);

  // The theme shows at once; saving it on the account only needs a word when it worked or failed.
  const saveTheme = useMutation((theme: Theme) => call("PUT /preferences", { body: { theme } }), {
    success: "account.preferencesSaved",
    revalidate: false,
  });
  // A new language reloads the page whatever the outcome: the cookie alone decides the page's language.
  const saveLang = useMutation((lang: Lang) => call("PUT /preferences", { body: { lang } }), {
    success: false,
    revalidate: false,
  });

  return (
    <div className="flex max-w-xl flex-col gap-8" data-testid="preferences">
      <Choice<Theme>
        name="theme"
        legend={t("common.theme")}
        value={theme}
        options={[
          { value: "light", label: t("common.lightTheme") },
          { value: "dark", label: t("common.darkTheme") },
        ]}
        onChange={(next) => {
          setTheme(next);
          document.documentElement.classList.toggle("dark", next === "dark");
          setThemeCookie(next);
          void saveTheme.submit(next);
        }}
      />
      <Choice<Lang>
        name="lang"
        legend={t("common.language")}
        value={lang}
        options={[
          { value: "en", label: "English", lang: "en" },
          { value: "ar", label: "العربية", lang: "ar" },
        ]}
        onChange={(next) => {
          setLang(next);
          setLangCookie(next);
          // The cookie alone decides the page's language; the account copy is for e-mails and other devices.
          void saveLang.submit(next).finally(() => window.location.reload());
        }}
      />
    </div>
  );
}
