import { Link } from "react-router";
import { useT } from "~/i18n/react";

/** The home page's ad block: a promise of the shop (cash on delivery, returns, delivery) and a way in. */
export function AdBlock() {
  const t = useT();
  return (
    <section className="overflow-hidden rounded-2xl bg-brand-800 text-white" data-testid="ad-block">
      <div className="flex flex-col items-start gap-3 p-8 md:p-12">
        <p className="text-xs font-semibold uppercase tracking-widest text-brand-100">{t("catalog.adEyebrow")}</p>
        <h2 className="text-2xl font-bold md:text-3xl">{t("catalog.adTitle")}</h2>
        <p className="max-w-xl text-brand-50">{t("catalog.adText")}</p>
        <Link
          to="/shop?sortBy=newest"
          className="mt-2 rounded-full bg-white px-6 py-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t("catalog.adCta")}
        </Link>
      </div>
    </section>
  );
}
