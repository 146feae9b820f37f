import type { Route } from "./+types/account";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { requireUser } from "~/lib/guards.server";
import { Tabs } from "~/components/ui/tabs";
import { ProfileHeader } from "~/components/account/profile-header";
import { PersonalInfoForm } from "~/components/account/personal-info-form";
import { AccountSettings } from "~/components/account/account-settings";
import { PreferencesForm } from "~/components/account/preferences-form";

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [
    { title: `${metaT("account.pageTitle")} | ${metaT("common.shopName")}` },
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(url, context);
  return { user, theme: context.theme };
}

/** SPEC §2 Account page: the header, then Personal Information, Account Settings and Preferences. */
export default function Account({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user, theme } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-8" data-testid="account-page">
      <ProfileHeader user={user} />
      <Tabs
        label={t("account.pageTitle")}
        items={[
          { value: "personal", label: t("account.personalInfo"), content: <PersonalInfoForm user={user} /> },
          { value: "settings", label: t("account.accountSettings"), content: <AccountSettings user={user} /> },
          { value: "preferences", label: t("account.preferences"), content: <PreferencesForm initialTheme={theme} /> },
        ]}
      />
    </section>
  );
}
