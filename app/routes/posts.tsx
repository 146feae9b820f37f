import { useRevalidator } from "react-router";
import type { Route } from "./+types/posts";
import { listPosts } from "@server/modules/content/posts";
import { PostsCarousel } from "~/components/posts/posts-section";
import { PostForm } from "~/components/posts/post-form";
import { metaTranslator } from "~/i18n/meta";
import { seoMeta, siteOrigin } from "~/components/catalog/seo";
import { PageTitle } from "~/components/ui/states";
import { useT } from "~/i18n/react";
import { useRootData } from "~/root";

export async function loader({ context, url }: Route.LoaderArgs) {
  return {
    posts: await listPosts(context.deps),
    origin: siteOrigin(url, context.deps.config.PUBLIC_URL),
    pathname: url.pathname,
    search: url.search,
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { lang, t } = metaTranslator(matches);
  if (!data) return [{ title: t("catalog.metaPostsTitle") }];
  return seoMeta({
    origin: data.origin,
    pathname: data.pathname,
    search: data.search,
    lang,
    title: t("catalog.metaPostsTitle"),
    description: t("catalog.metaPostsDescription"),
    image: data.posts.find((p) => p.images.length)?.images[0] ?? null,
  });
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  const revalidator = useRevalidator();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-6 md:px-6" data-testid="posts-page">
      <div>
        <PageTitle>{t("catalog.postsTitle")}</PageTitle>
        <p className="-mt-4 text-muted">{t("catalog.postsIntro")}</p>
      </div>
      <PostsCarousel posts={loaderData.posts} canDelete={user?.role === "admin"} headingLevel={2} />
      <div className="max-w-2xl">
        <PostForm signedIn={Boolean(user)} onPosted={() => void revalidator.revalidate()} />
      </div>
    </div>
  );
}
