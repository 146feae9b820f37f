import { useState } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { unsubscribeToken } from "@core/validation/cart-reminders";
import { unsubscribe, unsubscribeStatus } from "@server/modules/cart-reminders/unsubscribe";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { Button } from "~/components/ui/button";
import { PageTitle } from "~/components/ui/states";

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return [{ title: t("reminders.unsubscribeTitle") }, { name: "robots", content: "noindex" }];
}

/** The page names an address: never kept in the guest page cache nor by a CDN. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * A bag reminder's unsubscribe link (docs/decisions/301). Opening it only asks (mail scanners open
 * links); the button unsubscribes. The address comes from the signed token, so no sign-in is needed.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  if (!unsubscribeToken.safeParse(token).success) return { token, status: null };
  return { token, status: await unsubscribeStatus(context.deps.db, token) };
}

/**
 * The button without script (decision 358): the form posts to this page, which unsubscribes with
 * the same service as the API and shows the page again, now saying it is done. (Posted to the API
 * itself, a browser without script showed the API's JSON.) A bad link just shows the page, which
 * says the link is not valid.
 */
export async function action({ context, url }: Route.ActionArgs) {
  const token = url.searchParams.get("token") ?? "";
  if (unsubscribeToken.safeParse(token).success) await unsubscribe(context.deps.db, token).catch(() => undefined);
  return redirect(`${url.pathname}${url.search}`, 303);
}

/** A sentence with the address isolated, so an address reads left to right inside Arabic text. */
function WithAddress({ text, email }: { text: string; email: string }) {
  const [before, after = ""] = text.split("\u0000");
  return (
    <>
      {before}
      <bdi className="font-medium">{email}</bdi>
      {after}
    </>
  );
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { token, status } = loaderData;
  const [done, setDone] = useState(status?.unsubscribed ?? false);
  const leave = useMutation(() => call("POST /cart-reminders/unsubscribe", { query: { token } }), {
    success: false,
    revalidate: false,
    onSuccess: () => setDone(true),
  });
  const shopLink = (
    <Link to="/" className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300">
      {t("reminders.backToShop")}
    </Link>
  );

  return (
    <section className="mx-auto max-w-xl p-4 md:p-6" data-testid="unsubscribe-page">
      <PageTitle>{done ? t("reminders.unsubscribeDone") : t("reminders.unsubscribeTitle")}</PageTitle>
      {!status ? (
        <p role="alert" className="mb-4" data-testid="unsubscribe-bad">
          {t("reminders.unsubscribeBad")}
        </p>
      ) : done ? (
        <p className="mb-4" role="status" data-testid="unsubscribe-done">
          <WithAddress text={t("reminders.unsubscribeDoneText", { email: "\u0000" })} email={status.email} />
        </p>
      ) : (
        // Without script the form posts to this page's action; with it, to the API.
        <form
          method="post"
          action={`/unsubscribe?token=${encodeURIComponent(token)}`}
          onSubmit={leave.onSubmit(() => undefined)}
          className="mb-4 flex flex-col items-start gap-4"
        >
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <p>
            <WithAddress text={t("reminders.unsubscribeAsk", { email: "\u0000" })} email={status.email} />
          </p>
          <Button type="submit" loading={leave.busy} data-testid="unsubscribe-button">
            {t("reminders.unsubscribeButton")}
          </Button>
        </form>
      )}
      {shopLink}
    </section>
  );
}
