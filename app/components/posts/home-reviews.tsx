import type { ReactNode } from "react";
import { useCall } from "~/lib/use-call";
import { useT } from "~/i18n/react";
import { SectionLoadFailed } from "~/components/home/section-load-failed";
import { PostsCarousel } from "./posts-section";

/**
 * The home page's community reviews, asked for when the section comes near view (decision 404):
 * they are never rendered on the server, so carrying them in the page's data only made its HTML
 * larger (up to thirty reviews). `placeholder` holds their place while they load; a failed request
 * says so, with Try Again.
 */
export default function HomeReviews({ canDelete, placeholder }: { canDelete: boolean; placeholder: ReactNode }) {
  const t = useT();
  const posts = useCall("GET /posts", {});
  if (posts.error && !posts.loading) {
    return (
      <SectionLoadFailed
        message={t("catalog.reviewsLoadFailed")}
        onRetry={() => void posts.reload()}
        box="h-72 rounded-2xl"
        testId="reviews-failed"
      />
    );
  }
  if (!posts.data || posts.loading) return placeholder;
  return <PostsCarousel posts={posts.data} canDelete={canDelete} />;
}
