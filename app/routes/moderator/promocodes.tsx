import { useState } from "react";
import { Trash2, Wand2 } from "lucide-react";
import type { Route } from "./+types/promocodes";
import { listPromoCodes } from "@server/modules/promotions/promo-codes";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { call } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { useMutation } from "~/lib/use-mutation";
import { metaTranslator } from "~/i18n/meta";
import { useLang, useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { ConfirmDialog } from "~/components/ui/dialog";
import { StaffPage, StaffSection } from "~/components/staff/staff-page";
import { td, StaffTable } from "~/components/staff/table-scroll";
import { generatePromoCode, isExpired, staffLocale, tomorrowIso } from "~/components/staff/codes";
import type { z } from "zod";
import { promoCodeInput } from "@core/validation/promo-code";
import type { PromoCodeDTO } from "@server/modules/promotions/promotions-dto";
import { QueryStatus } from "~/components/staff/query-status";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  return {
    list: await initialData(context, "promo codes", async () => ({
      promoCodes: await listPromoCodes(context.deps.db),
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("staff.promoCodesTitle") }, { name: "robots", content: "noindex" }];
}

export default function PromoCodes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const list = useCall("GET /promocodes", {}, loaderData.list);
  const codes = list.data?.promoCodes ?? [];
  const [deleting, setDeleting] = useState<PromoCodeDTO | null>(null);
  // The list is this screen's own state (useCall), not a loader's: reload it instead of revalidating.
  const remove = useMutation((code: PromoCodeDTO) => call("DELETE /promocodes/:id", { params: { id: code._id } }), {
    success: "staff.promoCodeDeleted",
    revalidate: false,
    onSuccess: () => {
      setDeleting(null);
      void list.reload();
    },
  });
  const dateFmt = new Intl.DateTimeFormat(staffLocale(lang), { dateStyle: "medium" });

  return (
    <StaffPage title={t("staff.promoCodesTitle")} description={t("staff.promoCodesIntro")} testId="promocodes">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <StaffSection title={t("staff.createPromoCode")} id="create-promo-code">
          <CreatePromoCode onCreated={list.reload} />
        </StaffSection>
        <StaffSection title={t("staff.promoCodesList")} id="promo-codes-list">
          <QueryStatus query={list} empty={codes.length === 0} emptyTitle={t("staff.noPromoCodes")} />
          {codes.length > 0 ? (
            <StaffTable
              label={t("staff.promoCodesList")}
              testId="promo-codes-table"
              headers={[t("staff.code"), t("staff.discount"), t("staff.uses"), t("staff.expiry"), t("staff.actions")]}
            >
              {codes.map((c) => (
                <tr key={c._id}>
                  <td className={`${td} font-mono`}>
                    <bdi>{c.code}</bdi>
                  </td>
                  <td className={td}>
                    <bdi>{c.discountValue}%</bdi>
                  </td>
                  <td className={td}>
                    <bdi>
                      {c.uses} / {c.usageLimit}
                    </bdi>
                  </td>
                  <td className={td}>
                    <span className="whitespace-nowrap">{dateFmt.format(new Date(c.expDate))}</span>
                    {isExpired(c.expDate) ? (
                      <span className="ms-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
                        {t("staff.expired")}
                      </span>
                    ) : null}
                  </td>
                  <td className={td}>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setDeleting(c)}
                      aria-label={t("staff.deletePromoCodeN", { code: c.code })}
                    >
                      <Trash2 className="size-4" aria-hidden />
                      {t("common.delete")}
                    </Button>
                  </td>
                </tr>
              ))}
            </StaffTable>
          ) : null}
        </StaffSection>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("staff.deletePromoCodeConfirm")}
        description={deleting?.code}
        confirmLabel={t("common.delete")}
        loading={remove.busy}
        onConfirm={() => {
          if (deleting) void remove.submit(deleting);
        }}
      />
    </StaffPage>
  );
}

function CreatePromoCode({ onCreated }: { onCreated: () => Promise<boolean> }) {
  const t = useT();
  const empty = { code: "", discountValue: "", usageLimit: "", expDate: "" };
  const [form, setForm] = useState(empty);
  const save = useMutation((body: z.input<typeof promoCodeInput>) => call("POST /promocodes", { body }), {
    schema: promoCodeInput,
    success: "staff.promoCodeCreated",
    revalidate: false,
    onSuccess: async () => {
      setForm(empty);
      await onCreated();
    },
  });
  const set = (k: keyof typeof empty, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    save.clearError(k);
  };

  return (
    <form onSubmit={save.onSubmit(() => form)} noValidate className="flex flex-col gap-3" data-testid="promo-code-form">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label={t("staff.code")}
            value={form.code}
            onChange={(e) => set("code", e.target.value.toUpperCase())}
            error={save.error("code")}
            required
            name="code"
            className="font-mono"
          />
        </div>
        <Button variant="outline" onClick={() => set("code", generatePromoCode())} data-testid="generate-code">
          <Wand2 className="size-4" aria-hidden />
          {t("staff.generate")}
        </Button>
      </div>
      <TextField
        label={t("staff.discountPercent")}
        type="number"
        min={0}
        max={100}
        value={form.discountValue}
        onChange={(e) => set("discountValue", e.target.value)}
        error={save.error("discountValue")}
        required
        name="discountValue"
      />
      <TextField
        label={t("staff.maxUses")}
        type="number"
        min={1}
        step={1}
        value={form.usageLimit}
        onChange={(e) => set("usageLimit", e.target.value)}
        error={save.error("usageLimit")}
        required
        name="usageLimit"
      />
      <TextField
        label={t("staff.expiryDate")}
        type="date"
        min={tomorrowIso()}
        value={form.expDate}
        onChange={(e) => set("expDate", e.target.value)}
        error={save.error("expDate")}
        required
        name="expDate"
      />
      <div>
        <Button type="submit" loading={save.busy} data-testid="promo-code-submit">
          {t("staff.createPromoCode")}
        </Button>
      </div>
    </form>
  );
}
