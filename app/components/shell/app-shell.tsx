import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useRootData } from "~/root";
import { useT } from "~/i18n/react";
import { setSidebarCookie } from "~/lib/cookies";
import { HeadlineBar } from "./headline-bar";
import { TopBar } from "./top-bar";
import { DesktopSidebar, MobileSidebar } from "./side-menu";
import { Footer } from "./footer";

const MOBILE_QUERY = "(max-width: 767.98px)";

export function AppShell({ children }: { children: ReactNode }) {
  const { user, theme, headlines, sidebarOpen, shop } = useRootData();
  const t = useT();
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

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        {t("common.skipToContent")}
      </a>
      <HeadlineBar headlines={headlines} />
      <TopBar user={user} theme={theme} menuOpen={mobile ? mobileOpen : desktopOpen} onMenu={toggle} />
      <MobileSidebar user={user} open={mobileOpen} onClose={() => setMobileOpen(false)} />
      <div className="flex">
        <DesktopSidebar user={user} open={desktopOpen} />
        <div className="min-w-0 flex-1">
          <main id="main" tabIndex={-1} className="outline-none">
            {children}
          </main>
          <Footer shop={shop} />
        </div>
      </div>
    </>
  );
}
