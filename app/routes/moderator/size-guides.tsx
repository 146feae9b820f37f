import { useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import type { Route } from "./+types/size-guides";
import { CATEGORIES, SIZES } from "@core/constants";
import { type SizeGuideFormValues, sizeGuideInput } from "@core/validation/size-guide";
import { listSizeGuides, type SizeGuideDTO } from "@server/modules/size-guides/size-guides";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { call } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { useMutation } from "~/lib/use-mutation";
import { serverMessage } from "~/lib/api";
import { sizeLabel } from "~/lib/size-label";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { SelectField, TextAreaField } from "~/components/ui/field";
import { ConfirmDialog } from "~/components/ui/dialog";
import { toast } from "~/components/ui/toaster";
import { StaffPage, StaffSection } from "~/components/staff/staff-page";
import { StaffTable, td } from "~/components/staff/table-scroll";
import { QueryStatus } from "~/components/staff/query-status";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  const rows = await initialData(context, "size guides", () => listSizeGuides(context.deps.db));
  // As the API sends them (dates as ISO strings), so the screen reads one shape.
  return { guides: rows && { sizeGuides: rows.map((g) => ({ ...g, updatedAt: g.updatedAt.toISOString() })) } };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("sizeGuides.staffTitle") }, { name: "robots", content: "noindex" }];
}

const MEASURES = ["bust", "waist", "hips", "length"] as const;
type Measure = (typeof MEASURES)[number];
type DraftRow = { size: string } & Record<Measure, string>;
interface Draft {
  rows: DraftRow[];
  note: string;
  noteAr: string;
}

const draftOf = (guide: SizeGuideDTO | undefined): Draft =>
  guide
    ? {
        rows: guide.rows.map((r) => ({
          size: r.size,
          ...(Object.fromEntries(MEASURES.map((m) => [m, r[m] === null ? "" : String(r[m])])) as Record<
            Measure,
            string
          >),
        })),
        note: guide.note,
        noteAr: guide.noteAr,
      }
    : { rows: [{ size: "M", bust: "", waist: "", hips: "", length: "" }], note: "", noteAr: "" };

/** An empty cell is "not measured"; anything else must read as centimetres (the schema says which). */
const centimetres = (text: string) => (text.trim() === "" ? null : Number(text.replace(",", ".")));

export default function SizeGuides({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const query = useCall("GET /size-guides", {}, loaderData.guides);
  const guides = query.data?.sizeGuides ?? [];
  const [category, setCategory] = useState<string>(CATEGORIES[0]);
  const [draft, setDraft] = useState<Draft>(() => draftOf(guides.find((g) => g.category === CATEGORIES[0])));
  const [deleting, setDeleting] = useState(false);
  const [busyDelete, setBusyDelete] = useState(false);
  const existing = guides.find((g) => g.category === category);
  const categoryName = (c: string) => t(`common.category.${c}`);

  const choose = (next: string) => {
    setCategory(next);
    setDraft(draftOf(guides.find((g) => g.category === next)));
  };

  const save = useMutation(
    (body: SizeGuideFormValues) => call("PUT /size-guides/:category", { params: { category }, body }),
    { schema: sizeGuideInput, revalidate: false, onSuccess: () => void query.reload() },
  );

  const setRow = (i: number, patch: Partial<DraftRow>) => {
    setDraft((d) => ({ ...d, rows: d.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
    save.clearError("rows");
  };
  const unusedSize = SIZES.find((s) => !draft.rows.some((r) => r.size === s));

  async function remove() {
    setBusyDelete(true);
    try {
      const reply = await call("DELETE /size-guides/:category", { params: { category } });
      toast.success(reply.message);
      setDeleting(false);
      setDraft(draftOf(undefined));
      await query.reload();
    } catch (e) {
      toast.error(serverMessage(e, t("validation.anErrorOccurred")));
    } finally {
      setBusyDelete(false);
    }
  }

  return (
    <StaffPage title={t("sizeGuides.staffTitle")} description={t("sizeGuides.staffIntro")} testId="size-guides-screen">
      <StaffSection title={t("sizeGuides.editGuide", { category: categoryName(category) })} id="size-guide-editor">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={save.onSubmit(() => ({
            rows: draft.rows.map((r) => ({
              size: r.size as (typeof SIZES)[number],
              bust: centimetres(r.bust),
              waist: centimetres(r.waist),
              hips: centimetres(r.hips),
              length: centimetres(r.length),
            })),
            note: draft.note,
            noteAr: draft.noteAr,
          }))}
        >
          <div className="max-w-xs">
            <SelectField
              label={t("sizeGuides.category")}
              value={category}
              onChange={(e) => choose(e.target.value)}
              data-testid="size-guide-category"
            >
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryName(c)}
                </option>
              ))}
            </SelectField>
          </div>

          <StaffTable
            label={t("sizeGuides.caption")}
            testId="size-guide-rows"
            headers={[
              t("sizeGuides.size"),
              ...MEASURES.map((m) => `${t(`sizeGuides.${m}`)} (${t("sizeGuides.unit")})`),
              <span key="actions" className="sr-only">
                {t("staff.actions")}
              </span>,
            ]}
          >
            {draft.rows.map((row, i) => (
              <tr key={i}>
                <td className={td}>
                  <select
                    aria-label={t("sizeGuides.size")}
                    className="rounded-lg border border-line bg-surface px-2 py-1"
                    value={row.size}
                    onChange={(e) => setRow(i, { size: e.target.value })}
                  >
                    {SIZES.map((s) => (
                      <option key={s} value={s}>
                        {sizeLabel(s, t)}
                      </option>
                    ))}
                  </select>
                </td>
                {MEASURES.map((m) => (
                  <td key={m} className={td}>
                    <input
                      inputMode="decimal"
                      dir="ltr"
                      aria-label={`${t(`sizeGuides.${m}`)} (${t("sizeGuides.unit")}), ${sizeLabel(row.size, t)}`}
                      className="w-20 rounded-lg border border-line bg-surface px-2 py-1 tabular-nums"
                      value={row[m]}
                      onChange={(e) => setRow(i, { [m]: e.target.value })}
                    />
                  </td>
                ))}
                <td className={td}>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={draft.rows.length === 1}
                    aria-label={t("sizeGuides.removeRow", { size: sizeLabel(row.size, t) })}
                    onClick={() => setDraft((d) => ({ ...d, rows: d.rows.filter((_, j) => j !== i) }))}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </td>
              </tr>
            ))}
          </StaffTable>
          {save.error("rows") ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {save.error("rows")}
            </p>
          ) : null}
          <div>
            <Button
              variant="secondary"
              size="sm"
              disabled={!unusedSize}
              onClick={() =>
                unusedSize &&
                setDraft((d) => ({
                  ...d,
                  rows: [...d.rows, { size: unusedSize, bust: "", waist: "", hips: "", length: "" }],
                }))
              }
            >
              <Plus className="size-4" aria-hidden />
              {t("sizeGuides.addRow")}
            </Button>
          </div>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <TextAreaField
              label={t("sizeGuides.noteEn")}
              value={draft.note}
              maxLength={500}
              error={save.error("note")}
              onChange={(e) => setDraft((d) => ({ ...d, note: e.target.value }))}
            />
            <TextAreaField
              label={t("sizeGuides.noteAr")}
              value={draft.noteAr}
              dir="rtl"
              lang="ar"
              maxLength={500}
              error={save.error("noteAr")}
              onChange={(e) => setDraft((d) => ({ ...d, noteAr: e.target.value }))}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={save.busy} data-testid="size-guide-save">
              {t("sizeGuides.save")}
            </Button>
            {existing ? (
              <Button variant="danger" onClick={() => setDeleting(true)}>
                {t("sizeGuides.delete")}
              </Button>
            ) : null}
          </div>
        </form>
      </StaffSection>

      <StaffSection title={t("sizeGuides.staffTitle")} id="size-guide-list">
        <QueryStatus query={query} empty={guides.length === 0} emptyTitle={t("sizeGuides.noGuides")} />
        <StaffTable
          label={t("sizeGuides.staffTitle")}
          testId="size-guide-list"
          headers={[
            t("sizeGuides.category"),
            t("sizeGuides.rows"),
            <span key="a" className="sr-only">
              {t("staff.actions")}
            </span>,
          ]}
        >
          {CATEGORIES.map((c) => {
            const guide = guides.find((g) => g.category === c);
            return (
              <tr key={c}>
                <td className={td}>{categoryName(c)}</td>
                <td className={td}>
                  {guide ? (
                    <bdi>{guide.rows.map((r) => sizeLabel(r.size, t)).join(" · ")}</bdi>
                  ) : (
                    t("sizeGuides.noGuideYet")
                  )}
                </td>
                <td className={td}>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("sizeGuides.editGuide", { category: categoryName(c) })}
                    onClick={() => {
                      choose(c);
                      document.getElementById("size-guide-editor")?.scrollIntoView({ block: "start" });
                    }}
                  >
                    {t("common.edit")}
                  </Button>
                </td>
              </tr>
            );
          })}
        </StaffTable>
      </StaffSection>

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t("sizeGuides.confirmDelete", { category: categoryName(category) })}
        confirmLabel={t("sizeGuides.delete")}
        loading={busyDelete}
        onConfirm={remove}
      />
    </StaffPage>
  );
}
