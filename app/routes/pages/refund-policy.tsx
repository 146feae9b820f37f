import type { Route } from "./+types/refund-policy";
import { PolicyPage } from "~/components/pages/policy-page";
import { pageMeta } from "~/components/pages/page-meta";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "refund");
}

const SECTIONS = ["window", "excluded", "how", "decision", "money", "exchange", "cancel"] as const;

export default function RefundPolicyPage() {
  return <PolicyPage page="refund" sections={SECTIONS} />;
}
