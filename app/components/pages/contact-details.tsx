import { Clock, ExternalLink, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/i18n/react";
import { useRootData } from "~/root";

/** The shop's e-mail, phone, support hours and social links, from the server's configuration. */
export function ContactDetails() {
  const t = useT();
  const { shop } = useRootData();
  const row = "flex items-start gap-3";
  const icon = "mt-0.5 size-5 shrink-0 text-brand-600";
  const link = "font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300";
  return (
    <aside
      className="flex flex-col gap-6 rounded-2xl border border-line bg-surface-2 p-6"
      aria-labelledby="contact-details-title"
      data-testid="contact-details"
    >
      <h2 id="contact-details-title" className="text-xl font-semibold">
        {t("pages.contact.detailsTitle")}
      </h2>
      <ul className="flex flex-col gap-4 text-sm">
        <li className={row}>
          <Mail className={icon} aria-hidden />
          <div>
            <p className="text-muted">{t("pages.contact.email")}</p>
            <a href={`mailto:${shop.email}`} className={link}>
              <bdi>{shop.email}</bdi>
            </a>
          </div>
        </li>
        <li className={row}>
          <Phone className={icon} aria-hidden />
          <div>
            <p className="text-muted">{t("pages.contact.phone")}</p>
            <a href={`tel:${shop.phone.replace(/\s/g, "")}`} className={link}>
              <bdi dir="ltr">{shop.phone}</bdi>
            </a>
          </div>
        </li>
        <li className={row}>
          <Clock className={icon} aria-hidden />
          <div>
            <p className="text-muted">{t("pages.contact.hours")}</p>
            <p className="font-medium">{t("pages.contact.hoursValue")}</p>
          </div>
        </li>
      </ul>
      <div>
        <h3 className="mb-2 text-sm font-semibold">{t("pages.contact.followUs")}</h3>
        <div className="flex gap-3">
          <a
            href={shop.facebook}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm hover:bg-surface"
          >
            <ExternalLink className="size-4" aria-hidden />
            {t("pages.contact.facebook")}
          </a>
          <a
            href={shop.instagram}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm hover:bg-surface"
          >
            <ExternalLink className="size-4" aria-hidden />
            {t("pages.contact.instagram")}
          </a>
        </div>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold">{t("pages.contact.policiesTitle")}</h3>
        <ul className="flex flex-col gap-1 text-sm">
          <li>
            <Link to="/refund-policy" className={link}>
              {t("pages.refund.title")}
            </Link>
          </li>
          <li>
            <Link to="/shipping-policy" className={link}>
              {t("pages.shipping.title")}
            </Link>
          </li>
        </ul>
      </div>
    </aside>
  );
}
