import { Menu, Package, User } from "lucide-react";
import { Link } from "react-router";
import type { Theme } from "@core/constants";
import type { SessionUser } from "@server/modules/accounts/sessions";
import { useT } from "~/i18n/react";
import { SearchBox } from "./search-box";
import { CartLink } from "./cart-link";
import { LanguageSwitcher, ThemeSwitcher } from "./preference-switchers";

interface TopBarProps {
  user: SessionUser | null;
  theme: Theme;
  /** Whether the menu this button controls (the drawer on a phone, the sidebar above) is open. */
  menuOpen: boolean;
  onMenu: () => void;
}

/**
 * Fits a 320 px phone in both languages (WCAG 1.4.10): nothing here shrinks below its size, and
 * below 380 px 'Sign In' is an icon with the same name.
 */
export function TopBar({ user, theme, menuOpen, onMenu }: TopBarProps) {
  const t = useT();
  const iconLink = "inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-surface-2";
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-1 px-2 py-2 min-[380px]:gap-2 min-[380px]:px-3 md:gap-4 md:px-6">
        <button
          type="button"
          onClick={onMenu}
          className={iconLink}
          aria-label={menuOpen ? t("common.closeMenu") : t("common.openMenu")}
          aria-expanded={menuOpen}
          title="Ctrl/⌘ + B"
          data-testid="menu-button"
        >
          <Menu className="size-5" aria-hidden />
        </button>
        <Link to="/" className="shrink-0 text-xl font-bold tracking-tight text-brand-700 dark:text-brand-300">
          {t("common.shopName")}
        </Link>
        <SearchBox className="mx-2 hidden flex-1 md:block" />
        <nav className="ms-auto flex shrink-0 items-center gap-0.5 min-[380px]:gap-1" aria-label={t("common.menu")}>
          <CartLink />
          <Link to="/orders" className={iconLink} aria-label={t("common.orders")}>
            <Package className="size-5" aria-hidden />
          </Link>
          {user ? (
            <Link to="/account" className={iconLink} aria-label={t("common.account")} data-testid="account-link">
              {user.profileImage ? (
                <img
                  src={user.profileImage}
                  alt=""
                  className="size-7 rounded-full object-cover"
                  width={28}
                  height={28}
                />
              ) : (
                <User className="size-5" aria-hidden />
              )}
            </Link>
          ) : (
            <Link
              to="/auth"
              className="inline-flex h-10 min-w-10 shrink-0 items-center justify-center whitespace-nowrap rounded-full text-sm font-medium hover:bg-surface-2 min-[380px]:px-3"
              data-testid="sign-in-link"
            >
              <User className="size-5 min-[380px]:hidden" aria-hidden />
              <span className="max-[379.98px]:sr-only">{t("common.signIn")}</span>
            </Link>
          )}
          <ThemeSwitcher initial={theme} className="shrink-0" />
          <LanguageSwitcher className="hidden sm:inline-flex" />
        </nav>
      </div>
      <div className="px-3 pb-2 md:hidden">
        <SearchBox />
      </div>
    </header>
  );
}
