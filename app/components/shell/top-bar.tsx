import { Menu, Package, User } from "lucide-react";
import { Link } from "react-router";
import type { Theme } from "@core/constants";
import type { SessionUser } from "@server/modules/accounts/sessions";
import { useT } from "~/i18n/react";
import { SearchBox } from "./search-box";
import { CartLink } from "./cart-link";
import { LanguageSwitcher, ThemeSwitcher } from "./preference-switchers";

export function TopBar({ user, theme, onMenu }: { user: SessionUser | null; theme: Theme; onMenu: () => void }) {
  const t = useT();
  const iconLink = "inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-2";
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 md:gap-4 md:px-6">
        <button type="button" onClick={onMenu} className={iconLink} aria-label={t("common.openMenu")} title="Ctrl/⌘ + B" data-testid="menu-button">
          <Menu className="size-5" aria-hidden />
        </button>
        <Link to="/" className="text-xl font-bold tracking-tight text-brand-700 dark:text-brand-300">
          {t("common.shopName")}
        </Link>
        <SearchBox className="mx-2 hidden flex-1 md:block" />
        <nav className="ms-auto flex items-center gap-1" aria-label={t("common.menu")}>
          <CartLink />
          <Link to="/orders" className={iconLink} aria-label={t("common.orders")}>
            <Package className="size-5" aria-hidden />
          </Link>
          {user ? (
            <Link to="/account" className={iconLink} aria-label={t("common.account")} data-testid="account-link">
              {user.profileImage ? (
                <img src={user.profileImage} alt="" className="size-7 rounded-full object-cover" width={28} height={28} />
              ) : (
                <User className="size-5" aria-hidden />
              )}
            </Link>
          ) : (
            <Link to="/auth" className="rounded-full px-3 py-2 text-sm font-medium hover:bg-surface-2" data-testid="sign-in-link">
              {t("common.signIn")}
            </Link>
          )}
          <ThemeSwitcher initial={theme} />
          <LanguageSwitcher className="hidden sm:inline-flex" />
        </nav>
      </div>
      <div className="px-3 pb-2 md:hidden">
        <SearchBox />
      </div>
    </header>
  );
}
