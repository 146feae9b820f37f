import { Link } from "react-router";
import type { Route } from "./+types/unauthorized";
import { useT } from "~/i18n/react";
import { metaTranslator } from "~/i18n/meta";

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("common.unauthorizedTitle") }, { name: "robots", content: "noindex" }];
}

export default function Unauthorized() {
  const t = useT();
  return (
    <section
      className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center"
      data-testid="unauthorized"
    >
      <p className="text-6xl font-bold text-brand-600">403</p>
      <h1 className="text-2xl font-semibold">{t("common.unauthorizedTitle")}</h1>
      <p className="text-muted">{t("common.unauthorizedText")}</p>
      <Link to="/" className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700">
        {t("common.backHome")}
      </Link>
    </section>
  );
}
