import { useEffect, useState } from "react";
import type { PostDTO } from "@server/modules/content/posts";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/states";
import { toast } from "~/components/ui/toaster";
import { ScrollRow } from "~/components/home/scroll-row";
import { api, serverMessage } from "~/lib/api";
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
  const [deleting, setDeleting] = useState(false);

  useEffect(() => setPosts(initial), [initial]);

  const confirmDelete = async () => {
    if (!target) return;
    setDeleting(true);
    try {
      await api(`/posts/${encodeURIComponent(target._id)}`, { method: "DELETE" });
      setPosts((p) => p.filter((x) => x._id !== target._id));
      toast.success(t("catalog.postDeleted"));
      setTarget(null);
    } catch (e) {
      // The server's message first, the spec's 'Error deleting post' when it sent none (SPEC §8).
      toast.error(serverMessage(e, t("catalog.postDeleteError")));
    } finally {
      setDeleting(false);
    }
  };

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
        onConfirm={confirmDelete}
        loading={deleting}
      />
    </>
  );
}
