import { X } from "lucide-react";
import { useRef } from "react";
import { NavLink } from "react-router";
import type { SessionUser } from "@server/modules/accounts/sessions";
import { useT } from "~/i18n/react";
import { navGroupsFor } from "./nav-items";
import { LanguageSwitcher } from "./preference-switchers";
import { logOut } from "~/components/auth/log-out";
import { useFocusTrap } from "~/components/ui/focus-trap";
import { inertWhen } from "~/lib/html-attributes";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm ${isActive ? "bg-brand-50 font-medium text-brand-700 dark:bg-brand-900/40 dark:text-brand-200" : "hover:bg-surface-2"}`;

function MenuContent({ user, onNavigate }: { user: SessionUser | null; onNavigate?: () => void }) {
  const t = useT();
  return (
    <nav aria-label={t("common.menu")} className="flex flex-col gap-4 p-3">
      <NavLink to="/" end className={linkClass} onClick={onNavigate}>
        {t("common.home")}
      </NavLink>
      {navGroupsFor(user?.role ?? null).map((group) => (
        <div key={group.labelKey}>
          <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">{t(group.labelKey)}</p>
          <ul>
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={linkClass} onClick={onNavigate}>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {user ? (
        <div>
          <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">{t("common.account")}</p>
          <ul>
            {[
              ["/account", "common.account"],
              ["/orders", "common.orders"],
              ["/wishlist", "common.wishlist"],
            ].map(([to, key]) => (
              <li key={to}>
                <NavLink to={to} className={linkClass} onClick={onNavigate}>
                  {t(key)}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="block w-full rounded-lg px-3 py-2 text-start text-sm hover:bg-surface-2"
                onClick={() => void logOut()}
                data-testid="menu-log-out"
              >
                {t("common.signOut")}
              </button>
            </li>
          </ul>
        </div>
      ) : (
        <NavLink to="/auth" className={linkClass} onClick={onNavigate}>
          {t("common.signIn")}
        </NavLink>
      )}
      <LanguageSwitcher className="inline-flex sm:hidden" />
    </nav>
  );
}

/** Desktop (768 px and up): a collapsible column at the inline start. */
export function DesktopSidebar({ user, open }: { user: SessionUser | null; open: boolean }) {
  return (
    <aside
      className={`sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 overflow-y-auto border-e border-line transition-[width] md:block ${open ? "w-60" : "w-0 border-e-0"}`}
      aria-hidden={!open}
      {...inertWhen(!open)}
      data-testid="desktop-sidebar"
      data-state={open ? "open" : "closed"}
    >
      {/* Closed it is hidden and inert: its links would be rendered on every page for nothing
          (most visitors never open it), so they are rendered when it opens. */}
      {open && <MenuContent user={user} />}
    </aside>
  );
}

/** Phones: an off-canvas drawer over the page. */
export function MobileSidebar({
  user,
  open,
  onClose,
}: {
  user: SessionUser | null;
  open: boolean;
  onClose: () => void;
}) {
  if (!open) return null;
  return <Drawer user={user} onClose={onClose} />;
}

/** The open drawer: modal for real, so Tab stays inside, Escape closes, and focus returns to the menu button. */
function Drawer({ user, onClose }: { user: SessionUser | null; onClose: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true, onClose);
  return (
    <div
      ref={ref}
      className="fixed inset-0 z-50 md:hidden"
      role="dialog"
      aria-modal="true"
      aria-label={t("common.menu")}
      data-testid="mobile-sidebar"
    >
      {/* A pointer's way out; keyboard users have the close button and Escape. */}
      <button
        type="button"
        tabIndex={-1}
        className="absolute inset-0 bg-black/40"
        aria-label={t("common.closeMenu")}
        onClick={onClose}
      />
      <div className="absolute inset-y-0 start-0 w-72 max-w-[85vw] overflow-y-auto bg-surface shadow-xl">
        <div className="flex justify-end p-2">
          <button
            type="button"
            onClick={onClose}
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-2"
            aria-label={t("common.closeMenu")}
            // biome-ignore lint/a11y/noAutofocus: the menu is a dialog; opening it moves focus into it (WAI-ARIA dialog pattern).
            autoFocus
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <MenuContent user={user} onNavigate={onClose} />
      </div>
    </div>
  );
}
