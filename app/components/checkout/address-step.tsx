import type { ShippingOptionDTO } from "@server/modules/shipping/shipping-options";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useLang, useT } from "~/i18n/react";
import type { CheckoutField, CheckoutForm, FieldErrors } from "./checkout-form";

interface AddressStepProps {
  form: CheckoutForm;
  errors: FieldErrors;
  cities: ShippingOptionDTO[];
  onChange: (field: CheckoutField, value: string) => void;
}

/**
 * Step 2: contact and address. The country is Egypt only; the governorate (`state`) comes from the
 * shipping table and sets the fee; the city is the shopper's own town or district (decision 125).
 */
export function AddressStep({ form, errors, cities, onChange }: AddressStepProps) {
  const t = useT();
  const lang = useLang();
  const err = (f: CheckoutField) => (errors[f] ? t(errors[f]!) : null);
  const text = (
    f: CheckoutField,
    opts: { required?: boolean; type?: string; autoComplete?: string; inputMode?: "tel" | "email" | "numeric" } = {},
  ) => (
    <TextField
      name={f}
      label={t(`checkout.${f}`)}
      value={form[f]}
      onChange={(e) => onChange(f, e.target.value)}
      error={err(f)}
      required={opts.required}
      type={opts.type ?? "text"}
      autoComplete={opts.autoComplete}
      inputMode={opts.inputMode}
    />
  );
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">{t("checkout.contact")}</legend>
        {text("firstName", { required: true, autoComplete: "given-name" })}
        {text("lastName", { required: true, autoComplete: "family-name" })}
        {text("email", { required: true, type: "email", autoComplete: "email", inputMode: "email" })}
        {text("phone", { required: true, type: "tel", autoComplete: "tel", inputMode: "tel" })}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">{t("checkout.address")}</legend>
        <SelectField
          name="state"
          label={t("checkout.governorate")}
          value={form.state}
          onChange={(e) => onChange("state", e.target.value)}
          error={err("state")}
          autoComplete="address-level1"
          required
        >
          {cities.map((c) => (
            <option key={c._id || c.city} value={c.city}>
              {lang === "ar" && c.cityAr ? c.cityAr : c.city}
            </option>
          ))}
        </SelectField>
        {text("city", { required: true, autoComplete: "address-level2" })}
        <TextField name="country" label={t("checkout.country")} value={t("checkout.egypt")} readOnly aria-readonly />
        {text("area", { autoComplete: "address-level3" })}
        {text("street", { required: true, autoComplete: "address-line1" })}
        {text("building", { required: true })}
        {text("floor", { required: true })}
        {text("apartment", { required: true })}
        {text("postalCode", { autoComplete: "postal-code", inputMode: "numeric" })}
        <div className="sm:col-span-2">
          <TextAreaField
            name="notes"
            label={t("checkout.notes")}
            placeholder={t("checkout.notesPlaceholder")}
            value={form.notes}
            onChange={(e) => onChange("notes", e.target.value)}
            error={err("notes")}
          />
        </div>
      </fieldset>
    </div>
  );
}
