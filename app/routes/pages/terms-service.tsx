import type { Route } from "./+types/terms-service";
import { PolicyPage } from "~/components/pages/policy-page";
import { pageMeta } from "~/components/pages/page-meta";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "terms");
}

const SECTIONS = ["accounts", "products", "orders", "cancel", "reviews", "law"] as const;

export default function TermsServicePage() {
  return <PolicyPage page="terms" sections={SECTIONS} />;
}
