import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/i18n/react";
import { PageText } from "./page-text";

interface PolicyPageProps {
  /** The dictionary prefix, e.g. "refund" for pages.refund.*. */
  page: string;
  /** Section ids, each with pages.<page>.<id>.title and .body. */
  sections: readonly string[];
  /** Open the first section by default (the others stay collapsed). */
  openFirst?: boolean;
}

/**
 * A static page of collapsible sections (SPEC §2 Legal pages): native <details>, so the sections
 * open with the keyboard and work before any script has loaded.
 */
export function PolicyPage({ page, sections, openFirst = true }: PolicyPageProps) {
  const t = useT();
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:px-6 md:py-12" data-testid={`page-${page}`}>
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">{t(`pages.${page}.title`)}</h1>
        <p className="mt-2 text-sm text-muted">{t("pages.lastUpdated", { date: t("pages.lastUpdatedDate") })}</p>
        <p className="mt-4 text-lg leading-relaxed">{t(`pages.${page}.intro`)}</p>
      </header>
      <div className="divide-y divide-line rounded-2xl border border-line bg-surface">
        {sections.map((id, i) => (
          <details key={id} className="group" open={openFirst && i === 0}>
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-start font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
              <h2 className="text-base font-semibold">{t(`pages.${page}.${id}.title`)}</h2>
              <ChevronDown
                className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <div className="px-5 pb-5">
              <PageText text={t(`pages.${page}.${id}.body`)} />
            </div>
          </details>
        ))}
      </div>
      <p className="mt-8 text-sm text-muted">
        {t("pages.questions")}{" "}
        <Link
          to="/contact"
          className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          {t("pages.questionsLink")}
        </Link>
      </p>
    </article>
  );
}
