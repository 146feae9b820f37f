import { useEffect, useState, type ReactNode } from "react";
import type { PostDTO } from "@server/modules/content/content-dto";
import { call } from "~/lib/api-client";
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
  const [attempt, setAttempt] = useState(0);
  return (
    <FetchedReviews
      key={attempt}
      canDelete={canDelete}
      placeholder={placeholder}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

function FetchedReviews({
  canDelete,
  placeholder,
  onRetry,
}: {
  canDelete: boolean;
  placeholder: ReactNode;
  onRetry: () => void;
}) {
  const t = useT();
  const [posts, setPosts] = useState<PostDTO[] | "failed" | null>(null);
  useEffect(() => {
    let current = true;
    call("GET /posts").then(
      (loaded) => current && setPosts(loaded),
      () => current && setPosts("failed"),
    );
    return () => {
      current = false;
    };
  }, []);
  if (posts === null) return placeholder;
  if (posts !== "failed") return <PostsCarousel posts={posts} canDelete={canDelete} />;
  return (
    <SectionLoadFailed
      message={t("catalog.reviewsLoadFailed")}
      onRetry={onRetry}
      box="h-72 rounded-2xl"
      testId="reviews-failed"
    />
  );
}
