import { useEffect, useState } from "react";
import { Pencil, Trash2 } from "lucide-react";
import type { Route } from "./+types/shipping-management";
import { listShippingOptions } from "@server/modules/shipping/shipping-options";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { call } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { useMutation } from "~/lib/use-mutation";
import type { ShippingOptionDTO as ShippingOption } from "@server/modules/shipping/shipping-options";
import { inPageLang } from "~/lib/text-lang";
import { metaTranslator } from "~/i18n/meta";
import { useLang, useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Tabs } from "~/components/ui/tabs";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Price } from "~/components/price";
import { StaffPage } from "~/components/staff/staff-page";
import { td, StaffTable } from "~/components/staff/table-scroll";
import { additionalCostInput, shippingOptionInput } from "@core/validation/shipping";
import { QueryStatus } from "~/components/staff/query-status";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  return { options: await initialData(context, "shipping options", () => listShippingOptions(context.deps.db)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("staff.shippingTitle") }, { name: "robots", content: "noindex" }];
}

/** A governorate's name in the page's language (Arabic where staff gave it, decision 139). */
function useCityName() {
  const lang = useLang();
  return (o: Pick<ShippingOption, "city" | "cityAr">) => inPageLang(o.city, o.cityAr, lang);
}

export default function ShippingManagement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const cityName = useCityName();
  const query = useCall("GET /shipping", {}, loaderData.options);
  const options = query.data ?? [];
  const [tab, setTab] = useState("view");
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ShippingOption | null>(null);
  const chosen = options.find((o) => o._id === chosenId) ?? null;

  const remove = useMutation((option: ShippingOption) => call("DELETE /shipping/:id", { params: { id: option._id } }), {
    // The city being deleted is the one the dialog asked about.
    success: () => (deleting ? t("staff.shippingDeleted", { city: cityName(deleting) }) : undefined),
    failure: "staff.shippingDeleteFailed",
    // The list is this screen's useCall, not a loader's: reload it instead of revalidating.
    revalidate: false,
    onSuccess: async (_reply, option) => {
      if (chosenId === option._id) setChosenId(null);
      setDeleting(null);
      await query.reload();
    },
  });

  const view = (
    <div className="flex flex-col gap-3">
      <QueryStatus
        query={query}
        empty={options.length === 0}
        emptyTitle={t("staff.noShipping")}
        errorMessage={t("staff.shippingLoadFailed")}
      />
      {options.length > 0 ? (
        <StaffTable
          label={t("staff.shippingTitle")}
          testId="shipping-table"
          headers={[
            t("staff.city"),
            t("staff.shippingCost"),
            t("staff.additionalCost"),
            t("staff.estTime"),
            t("staff.actions"),
          ]}
        >
          {options.map((o) => (
            <tr
              key={o._id}
              aria-selected={o._id === chosenId}
              className="aria-selected:bg-brand-50 dark:aria-selected:bg-brand-900/30"
            >
              <td className={td} data-testid="shipping-city">
                {cityName(o)}
              </td>
              <td className={td}>{o.shipping === 0 ? t("staff.free") : <Price egp={o.shipping} />}</td>
              <td className={td}>{o.additionalCost ? <Price egp={o.additionalCost} /> : "—"}</td>
              <td className={td}>{t("staff.businessDays", { days: o.estTime })}</td>
              <td className={`${td} whitespace-nowrap`}>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setChosenId(o._id);
                    setTab("update");
                  }}
                  aria-label={`${t("common.edit")}: ${cityName(o)}`}
                >
                  <Pencil className="size-4" aria-hidden />
                  {t("common.edit")}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setDeleting(o)}
                  aria-label={`${t("common.delete")}: ${cityName(o)}`}
                >
                  <Trash2 className="size-4" aria-hidden />
                  {t("common.delete")}
                </Button>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </div>
  );

  return (
    <StaffPage title={t("staff.shippingTitle")} description={t("staff.shippingIntro")} testId="shipping-management">
      <label className="flex max-w-sm flex-col gap-1 text-sm font-medium">
        {t("staff.chooseCity")}
        <select
          value={chosenId ?? ""}
          onChange={(e) => setChosenId(e.target.value || null)}
          className="rounded-lg border border-line bg-surface px-3 py-2 text-sm"
          data-testid="choose-city"
        >
          <option value="">—</option>
          {options.map((o) => (
            <option key={o._id} value={o._id}>
              {cityName(o)}
            </option>
          ))}
        </select>
      </label>
      <Tabs
        label={t("staff.shippingTitle")}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: "view", label: t("staff.tabView"), content: view },
          {
            value: "create",
            label: t("staff.tabCreate"),
            content: (
              <ShippingForm
                onSaved={async () => {
                  await query.reload();
                  setTab("view");
                }}
              />
            ),
          },
          {
            value: "update",
            label: t("staff.tabUpdate"),
            disabled: !chosen,
            content: chosen ? (
              <ShippingForm
                key={chosen._id}
                option={chosen}
                onSaved={async () => {
                  await query.reload();
                }}
              />
            ) : (
              <p className="text-sm text-muted">{t("staff.chooseCityFirst")}</p>
            ),
          },
          {
            value: "additional",
            label: t("staff.tabAdditional"),
            content: <AdditionalCost options={options} onSaved={query.reload} />,
          },
        ]}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("staff.deleteShippingConfirm")}
        description={deleting ? cityName(deleting) : undefined}
        confirmLabel={t("common.delete")}
        loading={remove.busy}
        onConfirm={() => void (deleting && remove.submit(deleting))}
      />
    </StaffPage>
  );
}

function ShippingForm({ option, onSaved }: { option?: ShippingOption; onSaved: () => Promise<void> }) {
  const t = useT();
  // The update form also sets the city's additional cost, so it can go back to 0 (the API allows it).
  const initial = {
    city: option?.city ?? "",
    cityAr: option?.cityAr ?? "",
    shipping: option ? String(option.shipping) : "",
    estTime: option?.estTime ?? "",
    additionalCost: option ? String(option.additionalCost ?? 0) : "",
  };
  const [form, setForm] = useState(initial);
  const set = (k: keyof typeof initial, v: string) => setForm((f) => ({ ...f, [k]: v }));
  // The body is the checked values as the server reads them (trimmed, amounts as numbers).
  const save = useMutation(
    (values: Partial<typeof initial>) => {
      const body = shippingOptionInput.parse(values);
      return option
        ? call("PUT /shipping/:id", { params: { id: option._id }, body })
        : call("POST /shipping", { body });
    },
    {
      schema: shippingOptionInput,
      success: "staff.shippingSaved",
      failure: option ? "staff.shippingUpdateFailed" : "staff.shippingCreateFailed",
      revalidate: false,
      onSuccess: async () => {
        if (!option) setForm({ city: "", cityAr: "", shipping: "", estTime: "", additionalCost: "" });
        await onSaved();
      },
    },
  );
  const err = (k: string) => save.error(k) ?? null;
  // Only the update form has the additional cost; a blank one leaves the cost as it is.
  const values = () => {
    const { additionalCost, ...fields } = form;
    return option && additionalCost.trim() !== "" ? form : fields;
  };

  return (
    <form
      onSubmit={save.onSubmit(values)}
      noValidate
      className="flex max-w-md flex-col gap-3"
      data-testid={option ? "shipping-update-form" : "shipping-create-form"}
    >
      <TextField
        label={t("staff.city")}
        value={form.city}
        onChange={(e) => set("city", e.target.value)}
        error={err("city")}
        required
        name="city"
      />
      <TextField
        label={t("staff.cityAr")}
        value={form.cityAr}
        onChange={(e) => set("cityAr", e.target.value)}
        error={err("cityAr")}
        name="cityAr"
        dir="rtl"
        lang="ar"
      />
      <TextField
        label={t("staff.shippingCostEgp")}
        type="number"
        min={0}
        step="0.01"
        value={form.shipping}
        onChange={(e) => set("shipping", e.target.value)}
        error={err("shipping")}
        required
        name="shipping"
      />
      <TextField
        label={t("staff.estTime")}
        hint={t("staff.estTimeHint")}
        value={form.estTime}
        onChange={(e) => set("estTime", e.target.value)}
        error={err("estTime")}
        required
        name="estTime"
      />
      {option ? (
        <TextField
          label={t("staff.additionalCostEgp")}
          type="number"
          step="0.01"
          value={form.additionalCost}
          onChange={(e) => set("additionalCost", e.target.value)}
          error={err("additionalCost")}
          name="additionalCost"
        />
      ) : null}
      <div>
        <Button type="submit" loading={save.busy}>
          {option ? t("staff.updateShipping") : t("staff.createShipping")}
        </Button>
      </div>
    </form>
  );
}

function AdditionalCost({ options, onSaved }: { options: ShippingOption[]; onSaved: () => Promise<boolean> }) {
  const t = useT();
  const cityName = useCityName();
  const [selected, setSelected] = useState<string[]>([]);
  const [cost, setCost] = useState("");
  const apply = useMutation(
    (values: { citiesId: string[]; additionalCost: string }) =>
      call("PUT /shipping/additional", { body: additionalCostInput.parse(values) }),
    {
      schema: additionalCostInput,
      success: (reply) => t("staff.additionalApplied", { n: reply.count }),
      failure: "staff.additionalFailed",
      revalidate: false,
      onSuccess: async () => {
        setSelected([]);
        setCost("");
        await onSaved();
      },
    },
  );
  useEffect(() => setSelected((s) => s.filter((id) => options.some((o) => o._id === id))), [options]);
  const allChosen = options.length > 0 && selected.length === options.length;

  return (
    <form
      onSubmit={apply.onSubmit(() => ({ citiesId: selected, additionalCost: cost }))}
      noValidate
      className="flex max-w-2xl flex-col gap-4"
      data-testid="additional-cost-form"
    >
      <fieldset className="flex flex-col gap-2" aria-describedby={apply.error("citiesId") ? "cities-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">{t("staff.citiesToChange")}</legend>
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={allChosen}
            onChange={(e) => setSelected(e.target.checked ? options.map((o) => o._id) : [])}
          />
          {t("staff.selectAll")}
        </label>
        <div className="grid max-h-72 gap-1 overflow-y-auto rounded-xl border border-line p-2 sm:grid-cols-2 md:grid-cols-3">
          {options.map((o) => (
            <label key={o._id} className="inline-flex items-center gap-2 rounded p-1 text-sm hover:bg-surface-2">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={selected.includes(o._id)}
                onChange={(e) =>
                  setSelected((s) => (e.target.checked ? [...s, o._id] : s.filter((id) => id !== o._id)))
                }
              />
              {cityName(o)}
            </label>
          ))}
        </div>
        {apply.error("citiesId") ? (
          <p id="cities-error" role="alert" className="text-xs text-red-600">
            {apply.error("citiesId")}
          </p>
        ) : null}
      </fieldset>
      <div className="max-w-xs">
        <TextField
          label={t("staff.additionalCostEgp")}
          hint={t("staff.additionalHint")}
          type="number"
          step="0.01"
          value={cost}
          onChange={(e) => setCost(e.target.value)}
          error={apply.error("additionalCost") ?? null}
          required
          name="additionalCost"
        />
      </div>
      <div>
        <Button type="submit" loading={apply.busy} data-testid="apply-additional">
          {t("staff.applyAdditional", { n: selected.length })}
        </Button>
      </div>
    </form>
  );
}
