import { useId } from "react";
import { useT } from "~/i18n/react";

/** The country list of SPEC §1: Egypt (the default) and Saudi Arabia. */
export const PHONE_COUNTRIES = [
  { code: "EG", dial: "+20" },
  { code: "SA", dial: "+966" },
] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]["code"];

export interface PhoneValue {
  country: PhoneCountry;
  number: string;
}

/** "+201012345678" back into its country and the number as people write it at home (010…). */
export function splitPhone(phone: string): PhoneValue {
  const match = PHONE_COUNTRIES.find((c) => phone.startsWith(c.dial));
  if (!match) return { country: "EG", number: phone };
  const national = phone.slice(match.dial.length);
  return { country: match.code, number: national.startsWith("0") ? national : `0${national}` };
}

/** The international form the API stores; a local leading 0 (010…) is dropped after the country code. */
export function joinPhone({ country, number }: PhoneValue): string {
  const digits = number.replace(/[^0-9]/g, "");
  if (!digits) return "";
  const dial = PHONE_COUNTRIES.find((c) => c.code === country)?.dial ?? "+20";
  return `${dial}${digits.replace(/^0+/, "")}`;
}

export function PhoneInput({
  value,
  onChange,
  error,
  required,
  name = "phone",
}: {
  value: PhoneValue;
  onChange: (v: PhoneValue) => void;
  error?: string | null;
  required?: boolean;
  name?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-number`} className="text-sm font-medium">
        {t("auth.phone")}
        {required ? (
          <span className="text-red-700 dark:text-red-400" aria-hidden>
            {" "}
            *
          </span>
        ) : null}
      </label>
      {/* Phone numbers read left to right in Arabic too. */}
      <div className="flex gap-2" dir="ltr">
        <select
          aria-label={t("auth.country")}
          className="rounded-lg border border-line bg-surface px-2 py-2 text-sm"
          value={value.country}
          onChange={(e) => onChange({ ...value, country: e.target.value as PhoneCountry })}
          data-testid={`${name}-country`}
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {t(`auth.country${c.code}`)} ({c.dial})
            </option>
          ))}
        </select>
        <input
          id={`${id}-number`}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required={required}
          value={value.number}
          onChange={(e) => onChange({ ...value, number: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500 aria-[invalid=true]:border-red-500"
          placeholder={value.country === "EG" ? "010 1234 5678" : "05 1234 5678"}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
