import { Star } from "lucide-react";
import { useId } from "react";
import { useT } from "~/i18n/react";

/** Read-only stars with the rating spoken once ("Rated 4 out of 5"). */
export function StarRating({ stars, className = "" }: { stars: number; className?: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center gap-0.5 ${className}`}
      role="img"
      aria-label={t("catalog.ratingOutOf", { n: stars })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`size-4 ${n <= stars ? "fill-amber-400 text-amber-500" : "text-line"}`} aria-hidden />
      ))}
    </span>
  );
}

/** Choosing 1 to 5 stars: a native radio group, so arrow keys and screen readers just work. */
export function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (n: number) => void;
  error?: string | null;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">
        {t("catalog.rating")}
        <span className="text-red-700 dark:text-red-400" aria-hidden>
          {" "}
          *
        </span>
      </legend>
      <div className="flex gap-1" data-testid="star-picker">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={n === 1 ? t("catalog.starOne") : t("catalog.starsN", { n })}
            />
            <Star className={`size-7 ${n <= value ? "fill-amber-400 text-amber-500" : "text-muted"}`} aria-hidden />
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
