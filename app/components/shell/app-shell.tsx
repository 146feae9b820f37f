import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useRootData } from "~/root";
import type { SessionUser } from "@server/modules/accounts/sessions";
import { useLang, useT } from "~/i18n/react";
import { setSidebarCookie } from "~/lib/cookies";
import { KeptMarkup } from "~/lib/kept-markup";
import { HeadlineBar } from "./headline-bar";
import { TopBar } from "./top-bar";
import { DesktopSidebar, MobileSidebar } from "./side-menu";
import { Footer, type ShopContact } from "./footer";

const MOBILE_QUERY = "(max-width: 767.98px)";

export function AppShell({ children }: { children: ReactNode }) {
  const { user, theme, headlines, sidebarOpen, shop } = useRootData();
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const [desktopOpen, setDesktopOpen] = useState(sidebarOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  // Which menu the button controls, for its aria-expanded: the drawer on a phone, else the sidebar.
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    setMobile(query.matches);
    const onChange = () => setMobile(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setMobileOpen((o) => !o);
    } else {
      setDesktopOpen((o) => {
        setSidebarCookie(!o);
        return !o;
      });
    }
  }, []);

  // Ctrl+B on Windows and Linux, Cmd+B on a Mac (SPEC §2).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "b" && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger: a navigation closes the mobile menu.
  useEffect(() => setMobileOpen(false), [location.pathname]);
  const menuOpen = mobile ? mobileOpen : desktopOpen;

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        {t("common.skipToContent")}
      </a>
      <HeadlineBar headlines={headlines} />
      <KeptMarkup name="top-bar" inputs={topBarInputs(lang, theme, menuOpen, user)}>
        <TopBar user={user} theme={theme} menuOpen={menuOpen} onMenu={toggle} />
      </KeptMarkup>
      <MobileSidebar user={user} open={mobileOpen} onClose={() => setMobileOpen(false)} />
      <div className="flex">
        <DesktopSidebar user={user} open={desktopOpen} />
        <div className="min-w-0 flex-1">
          <main id="main" tabIndex={-1} className="outline-none">
            {children}
          </main>
          <KeptMarkup name="footer" inputs={footerInputs(lang, shop)}>
            <Footer shop={shop} />
          </KeptMarkup>
        </div>
      </div>
    </>
  );
}

/*
 * Everything the top bar's and the footer's markup depend on besides the dictionary: the same on
 * every page of a language and theme, so the server renders each once (decision 387). The cart's
 * count is not among them because the server always renders an empty badge (the browser fills it);
 * a signed-in visitor's bar differs from a guest's only by the picture on the account link.
 */
const topBarInputs = (lang: string, theme: string, menuOpen: boolean, user: SessionUser | null) =>
  JSON.stringify([lang, theme, menuOpen, user ? (user.profileImage ?? "") : null]);

/** The © line shows the year. */
const footerInputs = (lang: string, shop: ShopContact) =>
  JSON.stringify([lang, new Date().getFullYear(), shop.email, shop.phone, shop.facebook, shop.instagram]);
