import { useEffect, useState } from "react";
import type { PostDTO } from "@server/modules/content/content-dto";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/states";
import { ScrollRow } from "~/components/home/scroll-row";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useT } from "~/i18n/react";
import { PostCard } from "./post-card";

/**
 * The carousel of community reviews, with the admin's delete (SPEC §2 Reviews, §8 Posts toasts).
 * The list is local state so a new or deleted review shows at once.
 */
export function PostsCarousel({
  posts: initial,
  canDelete,
  headingLevel = 3,
}: {
  posts: PostDTO[];
  canDelete: boolean;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const [posts, setPosts] = useState(initial);
  const [target, setTarget] = useState<PostDTO | null>(null);

  useEffect(() => setPosts(initial), [initial]);

  // SPEC §8's words: 'Post deleted', and 'Error deleting post' when the server sent no message.
  const remove = useMutation((post: PostDTO) => call("DELETE /posts/:id", { params: { id: post._id } }), {
    success: "catalog.postDeleted",
    failure: "catalog.postDeleteError",
    // The carousel's list is this component's own state: it drops the review at once.
    revalidate: false,
    onSuccess: (_, post) => {
      setPosts((p) => p.filter((x) => x._id !== post._id));
      setTarget(null);
    },
  });

  if (!posts.length) return <EmptyState title={t("catalog.noPosts")} />;
  return (
    <>
      <ScrollRow
        columns={{ sm: 1, md: 2, lg: 3 }}
        label={t("catalog.reviewsCarousel")}
        arrows="always"
        testId="posts-carousel"
        focusable
      >
        {posts.map((p) => (
          <PostCard key={p._id} post={p} onDelete={canDelete ? setTarget : undefined} headingLevel={headingLevel} />
        ))}
      </ScrollRow>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(o) => !o && setTarget(null)}
        title={t("catalog.deletePostConfirm")}
        description={t("catalog.deletePostText")}
        confirmLabel={t("catalog.deletePost")}
        onConfirm={() => {
          if (target) void remove.submit(target);
        }}
        loading={remove.busy}
      />
    </>
  );
}
