import { useState } from "react";
import { Link } from "react-router";
import { Heart, LogOut, Package } from "lucide-react";
import type { SessionUser } from "@server/modules/accounts/sessions";
import { useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { logOut } from "~/components/auth/log-out";
import { Avatar } from "./avatar";

const linkButton =
  "inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium hover:bg-surface-2";

/** SPEC §2 Account page: the profile image, and buttons to /orders, /wishlist and log out. */
export function ProfileHeader({ user }: { user: SessionUser }) {
  const t = useT();
  const [leaving, setLeaving] = useState(false);
  return (
    <header className="mb-8 flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface-2 p-6 sm:flex-row">
      <Avatar user={user} size={80} />
      <div className="text-center sm:text-start">
        <h1 className="text-2xl font-semibold tracking-tight" data-testid="account-name">
          {user.firstName} {user.lastName}
        </h1>
        <p className="text-sm text-muted" dir="ltr">
          {user.email}
        </p>
      </div>
      <nav className="flex flex-wrap justify-center gap-2 sm:ms-auto" aria-label={t("account.shortcuts")}>
        <Link to="/orders" className={linkButton}>
          <Package className="size-4" aria-hidden />
          {t("account.myOrders")}
        </Link>
        <Link to="/wishlist" className={linkButton}>
          <Heart className="size-4" aria-hidden />
          {t("account.myWishlist")}
        </Link>
        <Button
          variant="outline"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void logOut();
          }}
          data-testid="logout-button"
        >
          <LogOut className="size-4" aria-hidden />
          {t("account.logOut")}
        </Button>
      </nav>
    </header>
  );
}
