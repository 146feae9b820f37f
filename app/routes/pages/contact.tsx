import type { Route } from "./+types/contact";
import { ContactDetails } from "~/components/pages/contact-details";
import { ContactForm } from "~/components/pages/contact-form";
import { pageMeta } from "~/components/pages/page-meta";
import { useT } from "~/i18n/react";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "contact");
}

export default function ContactPage() {
  const t = useT();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-12" data-testid="contact-page">
      <header className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight">{t("pages.contact.title")}</h1>
        <p className="mt-3 text-lg text-muted">{t("pages.contact.intro")}</p>
      </header>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ContactForm />
        <ContactDetails />
      </div>
    </section>
  );
}
