import type { Route } from "./+types/shipping-policy";
import { PolicyPage } from "~/components/pages/policy-page";
import { pageMeta } from "~/components/pages/page-meta";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "shipping");
}

const SECTIONS = ["where", "days", "fees", "payment", "tracking", "problems"] as const;

export default function ShippingPolicyPage() {
  return <PolicyPage page="shipping" sections={SECTIONS} />;
}
