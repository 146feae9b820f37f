import { BellRing } from "lucide-react";
import { useId, useState } from "react";
import type { BackInStockInput } from "@core/validation/back-in-stock";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useT } from "~/i18n/react";

/** The obvious mistakes, as the schema's messages; the length is capped before the pattern runs. */
function emailProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return "alerts.emailRequired";
  if (value.length > 200) return "validation.tooLong";
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : "validation.emailInvalid";
}

export interface BackInStockFormProps {
  productId: string;
  /** The product's sizes: with any, one must be chosen before signing up. */
  sizes: string[];
  /** The size and colour the shopper chose on the page (empty: not chosen yet). */
  size: string;
  color: string;
}

/**
 * "Tell me when it is back" on a sold-out size and colour (issue 15, part 5): an address, sent with
 * the page's language, answered the same whether or not it was already waiting (decision 240).
 */
export function BackInStockForm({ productId, sizes, size, color }: BackInStockFormProps) {
  const t = useT();
  const headingId = useId();
  const [email, setEmail] = useState("");
  const [done, setDone] = useState<string | null>(null);
  // No zod schema here: it would add zod (about 24 kB gzipped) to the product page's scripts. A plain
  // check catches a mistyped address at once; the server checks with the schema, and its 400 puts
  // anything else beside the field.
  const subscribe = useMutation((body: BackInStockInput) => call("POST /back-in-stock", { body }), {
    revalidate: false,
    onSuccess: (reply) => {
      setDone(reply.message);
      setEmail("");
    },
  });
  const missingOptions = (sizes.length > 0 && !size) || !color;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4"
      data-testid="back-in-stock"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <BellRing className="size-5 text-brand-600" aria-hidden />
        {t("alerts.formTitle")}
      </h2>
      <p className="text-sm text-muted">{t("alerts.formIntro")}</p>
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          const problem = emailProblem(email);
          if (!problem) return subscribe.onSubmit(() => ({ productId, size, color, email }))(e);
          e.preventDefault();
          subscribe.setErrors({ email: t(problem) });
        }}
      >
        <div className="min-w-56 flex-1">
          <TextField
            type="email"
            autoComplete="email"
            inputMode="email"
            label={t("alerts.emailLabel")}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              subscribe.clearError("email");
            }}
            error={subscribe.error("email")}
            required
            data-testid="back-in-stock-email"
          />
        </div>
        <Button type="submit" loading={subscribe.busy} disabled={missingOptions} data-testid="back-in-stock-submit">
          {t("alerts.submit")}
        </Button>
      </form>
      {missingOptions ? <p className="text-xs text-muted">{t("alerts.chooseOptions")}</p> : null}
      <p
        role="status"
        className="text-sm text-emerald-700 empty:hidden dark:text-emerald-400"
        data-testid="back-in-stock-done"
      >
        {done}
      </p>
    </section>
  );
}
