import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useEffect, useState } from "react";
import type { Route } from "./+types/root";
import "./app.css";
import { namespaceSetKey } from "@core/i18n/namespaces";
import { loadDictionary, rootDictionary } from "~/i18n/dictionary-text";
import { rememberPageDictionary } from "~/i18n/page-dictionary.server";
import { FALLBACK } from "~/i18n/fallback";
import { I18nProvider, useT } from "~/i18n/react";
import { AppShell } from "~/components/shell/app-shell";
import { FontPreloads } from "~/components/shell/font-preloads";
import { Toaster } from "~/components/ui/toaster";
import { CartProvider } from "~/lib/cart-client";
import { listActiveHeadlines } from "@server/modules/content/headlines-active";
import type { Lang, Theme } from "@core/constants";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { deps, lang, theme, user, sidebarOpen } = context;
  // The headline bar hides itself on error: a failed query must not take the page down.
  const headlines = await listActiveHeadlines(deps.db, lang).catch((err: unknown) => {
    deps.log.error({ err }, "headlines failed to load");
    return null;
  });
  // Only this page's namespaces; both languages have every key (tests/unit/i18n.test.ts). The page
  // names the file (decision 356); this render uses the text the server holds.
  const dictionary = rememberPageDictionary(lang, url.pathname);
  return {
    lang,
    theme,
    user,
    sidebarOpen,
    headlines,
    dictHref: dictionary.href,
    shop: {
      email: deps.config.SHOP_EMAIL,
      phone: deps.config.SHOP_PHONE,
      facebook: deps.config.SOCIAL_FACEBOOK,
      instagram: deps.config.SOCIAL_INSTAGRAM,
      googleClientId: deps.config.GOOGLE_CLIENT_ID ?? null,
      cardPaymentEnabled: deps.config.cardPaymentEnabled,
      publicUrl: deps.config.PUBLIC_URL ?? null,
    },
  };
}

/** A navigation that re-runs the root loader fetches the next page's dictionary before it renders. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  if (data) await loadDictionary(data.dictHref);
  return data;
}

/** Client navigation re-runs the root loader when the next page needs other strings. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || namespaceSetKey(currentUrl.pathname) !== namespaceSetKey(nextUrl.pathname);
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data from any component. */
export function useRootData(): RootData {
  return useRouteLoaderData("root") as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const lang: Lang = data?.lang ?? "en";
  const theme: Theme = data?.theme ?? "light";
  // The first page's dictionary, read before hydration. Later pages' dictionaries are fetched by
  // the root's clientLoader: a <link> naming them would only make the browser fetch them twice.
  const [firstDictionary] = useState(data?.dictHref);
  // Marks the page as answering to script: it is first painted from the server's HTML, and its
  // scripts start only after that (decision 082). Browser tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={lang} dir={lang === "ar" ? "rtl" : "ltr"} className={theme === "dark" ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === "dark" ? "#141214" : "#ffffff"} />
        <FontPreloads lang={lang} />
        {firstDictionary && (
          <>
            {/* The page's dictionary, read before it hydrates; the script loader fetches it with the scripts. */}
            <meta name="dictionary" content={firstDictionary} />
          </>
        )}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {/* The first paint waits until the parser has reached the end of the page (#page-end), so
            the page is laid out once, whole, instead of painted half and laid out again. */}
        <link rel="expect" href="#page-end" blocking="render" />
      </head>
      <body className="min-h-dvh bg-surface text-ink">
        <I18nProvider lang={lang} dict={data ? rootDictionary(data) : FALLBACK[lang]}>
          {children}
          <Toaster />
        </I18nProvider>
        <span id="page-end" hidden />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <CartProvider>
      <AppShell>
        <Outlet />
      </AppShell>
    </CartProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-semibold">{t(notFound ? "common.notFoundTitle" : "common.errorTitle")}</h1>
      <p className="text-muted">{t(notFound ? "common.notFoundText" : "common.errorText")}</p>
      <a href="/" className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700">
        {t("common.backHome")}
      </a>
    </main>
  );
}
