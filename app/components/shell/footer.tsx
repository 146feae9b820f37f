import { Link } from "react-router";
import { CATEGORIES } from "@core/constants";
import { useT } from "~/i18n/react";

export interface ShopContact {
  email: string;
  phone: string;
  facebook: string;
  instagram: string;
}

export function Footer({ shop }: { shop: ShopContact }) {
  const t = useT();
  const link = "text-sm text-muted hover:text-ink";
  return (
    <footer className="mt-16 border-t border-line bg-surface-2">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4 md:px-6">
        <div>
          <p className="text-lg font-bold text-brand-700 dark:text-brand-300">{t("common.shopName")}</p>
          <p className="mt-2 text-sm text-muted">{t("common.footerAbout")}</p>
        </div>
        <div>
          <p className="font-semibold">{t("common.footerShop")}</p>
          <ul className="mt-2 grid grid-cols-2 gap-1">
            {CATEGORIES.slice(0, 6).map((c) => (
              <li key={c}>
                <Link to={`/shop?category=${c}`} className={link}>
                  {t(`common.category.${c}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="font-semibold">{t("common.footerHelp")}</p>
          <ul className="mt-2 space-y-1">
            {[
              ["/about", "common.about"],
              ["/contact", "common.contact"],
              ["/posts", "common.communityPosts"],
              ["/shipping-policy", "common.shippingPolicy"],
              ["/refund-policy", "common.refundPolicy"],
              ["/privacy-policy", "common.privacyPolicy"],
              ["/terms-service", "common.termsService"],
            ].map(([to, key]) => (
              <li key={to}>
                <Link to={to} className={link}>
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="font-semibold">{t("common.footerFollow")}</p>
          <ul className="mt-2 space-y-1">
            <li>
              <a className={link} href={`mailto:${shop.email}`}>
                {t("common.email")}: <bdi>{shop.email}</bdi>
              </a>
            </li>
            <li>
              <a className={link} href={`tel:${shop.phone.replace(/\s/g, "")}`}>
                {t("common.phone")}: <bdi className="ltr-nums">{shop.phone}</bdi>
              </a>
            </li>
            <li>
              <a className={link} href={shop.facebook} rel="noopener noreferrer" target="_blank">
                {t("common.facebook")}
              </a>
            </li>
            <li>
              <a className={link} href={shop.instagram} rel="noopener noreferrer" target="_blank">
                {t("common.instagram")}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-line py-4 text-center text-xs text-muted">
        {t("common.footerRights", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
