import type { Route } from "./+types/privacy-policy";
import { PolicyPage } from "~/components/pages/policy-page";
import { pageMeta } from "~/components/pages/page-meta";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "privacy");
}

const SECTIONS = ["collect", "use", "cookies", "sharing", "security", "rights"] as const;

export default function PrivacyPolicyPage() {
  return <PolicyPage page="privacy" sections={SECTIONS} />;
}
