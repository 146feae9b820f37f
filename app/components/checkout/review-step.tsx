import { useState } from "react";
import { Tag, X } from "lucide-react";
import { z } from "zod";
import { serverMessage } from "~/lib/api";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useT } from "~/i18n/react";
import type { CartLine } from "~/lib/cart-lines";
import { Button } from "~/components/ui/button";
import { CheckoutLine } from "./checkout-line";

export interface AppliedPromo {
  code: string;
  percent: number;
}

/** What the shopper typed, before it is sent; the server checks it against the codes it has. */
const promoCodeField = z.object({
  code: z.string().trim().min(1, "checkout.promoEmpty").max(64, "checkout.promoFailed"),
});

interface ReviewStepProps {
  lines: CartLine[];
  promo: AppliedPromo | null;
  onPromo: (promo: AppliedPromo | null) => void;
}

/** Step 1: the items and the promo code, checked with GET /api/promocodes/{code}. */
export function ReviewStep({ lines, promo, onPromo }: ReviewStepProps) {
  const t = useT();
  const [code, setCode] = useState(promo?.code ?? "");
  // The promo check is a read, but it is sent like a form: once at a time, its failure shown beside
  // the field instead of a toast.
  const check = useMutation(
    ({ code }: { code: string }) => call("GET /promocodes/:code", { params: { code } }, { noAuthRedirect: true }),
    {
      schema: promoCodeField,
      success: (res) => t("checkout.promoApplied", { code: res.code, n: res.discountValue }),
      failure: false,
      revalidate: false,
      onSuccess: (res) => onPromo({ code: res.code, percent: res.discountValue }),
      onError: (err) => {
        check.setErrors({ code: serverMessage(err, t("checkout.promoFailed")) });
        onPromo(null);
      },
    },
  );
  const error = check.error("code");

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="review-items">
        <h2 id="review-items" className="mb-1 text-lg font-semibold">
          {t("checkout.items")}
        </h2>
        <ul className="divide-y divide-line">
          {lines.map((line) => (
            <CheckoutLine key={line.key} line={line} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="promo-title" className="rounded-2xl border border-line p-4">
        <h2 id="promo-title" className="mb-3 flex items-center gap-2 font-semibold">
          <Tag className="size-4" aria-hidden />
          {t("checkout.promoCode")}
        </h2>
        {promo ? (
          <div
            className="flex items-center justify-between gap-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-green-950/40 dark:text-green-200"
            data-testid="promo-applied"
          >
            <span>{t("checkout.promoApplied", { code: promo.code, n: promo.percent })}</span>
            <button
              type="button"
              onClick={() => {
                onPromo(null);
                setCode("");
              }}
              className="inline-flex size-8 items-center justify-center rounded-full hover:bg-green-100 dark:hover:bg-green-900"
              aria-label={t("checkout.removePromo")}
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ) : (
          <form
            onSubmit={check.onSubmit(() => ({ code: code.trim().toUpperCase() }))}
            className="flex flex-col gap-2"
            noValidate
          >
            <div className="flex gap-2">
              <label htmlFor="promo-code" className="sr-only">
                {t("checkout.promoCode")}
              </label>
              <input
                id="promo-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                placeholder={t("checkout.promoPlaceholder")}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "promo-error" : undefined}
                className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm uppercase outline-none focus:border-brand-500 aria-[invalid=true]:border-red-500"
              />
              <Button type="submit" variant="outline" loading={check.busy}>
                {t("checkout.apply")}
              </Button>
            </div>
            {error ? (
              <p id="promo-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
          </form>
        )}
      </section>
    </div>
  );
}
