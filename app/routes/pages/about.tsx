import type { Route } from "./+types/about";
import { PolicyPage } from "~/components/pages/policy-page";
import { pageMeta } from "~/components/pages/page-meta";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "about");
}

const SECTIONS = ["story", "collection", "promise", "delivery"] as const;

export default function AboutPage() {
  return <PolicyPage page="about" sections={SECTIONS} />;
}
