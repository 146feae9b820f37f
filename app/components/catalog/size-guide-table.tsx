import { useCall } from "~/lib/use-call";
import { SizeGuideStatus } from "./size-guide-status";
import { sizeLabel } from "~/lib/size-label";
import { inPageLang } from "~/lib/text-lang";
import { useLang, useT } from "~/i18n/react";

const MEASURES = ["bust", "waist", "hips", "length"] as const;

/**
 * The size guide dialog's content (issue 15, part 6): the category's table, read when the dialog
 * first opens. A chunk of its own, loaded with the dialog (docs/decisions/350).
 */
export default function SizeGuideTable({ category }: { category: string }) {
  const t = useT();
  const lang = useLang();
  const query = useCall("GET /size-guides/:category", { params: { category } });
  const guide = query.data?.sizeGuide;
  if (!guide) {
    return (
      <SizeGuideStatus>
        {query.loading ? t("sizeGuides.loading") : (query.error ?? t("sizeGuides.notFound"))}
      </SizeGuideStatus>
    );
  }
  const note = inPageLang(guide.note, guide.noteAr, lang);
  return (
    <div className="flex flex-col gap-3">
      {/* Wide tables scroll inside the dialog, not the page; the region is focusable for keyboards. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so keyboard users can scroll it. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("sizeGuides.caption")}>
        <table className="w-full border-collapse text-sm" data-testid="size-guide-table">
          <caption className="sr-only">{t("sizeGuides.caption")}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("sizeGuides.size")}
              </th>
              {MEASURES.map((m) => (
                <th key={m} scope="col" className="px-3 py-2 text-end font-semibold">
                  {t(`sizeGuides.${m}`)} <span className="font-normal text-muted">({t("sizeGuides.unit")})</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => (
              <tr key={row.size} className="border-b border-line last:border-0">
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  <bdi>{sizeLabel(row.size, t)}</bdi>
                </th>
                {MEASURES.map((m) => (
                  <td key={m} className="px-3 py-2 text-end tabular-nums">
                    {row[m] === null ? (
                      <>
                        <span aria-hidden>—</span>
                        <span className="sr-only">{t("sizeGuides.notMeasured")}</span>
                      </>
                    ) : (
                      // Latin digits in both languages (decision 002), kept in order inside RTL text.
                      <bdi>{row[m]}</bdi>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note ? <p className="text-sm text-muted">{note}</p> : null}
    </div>
  );
}
