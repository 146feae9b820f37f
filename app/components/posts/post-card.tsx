import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { PostDTO } from "@server/modules/content/content-dto";
import { ProductImage } from "~/components/catalog/product-image";
import { useLang, useT } from "~/i18n/react";
import { textLang } from "~/lib/text-lang";
import { postPreview } from "./post-text";
import { StarRating } from "./stars";

// One formatter per language for every card: building one costs a phone tens of milliseconds.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: string): Intl.DateTimeFormat {
  let f = dateFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === "ar" ? "ar-EG-u-nu-latn" : "en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
    });
    dateFormats.set(lang, f);
  }
  return f;
}

/** One community review: name, stars, date, the 150-character preview (with Read more), photos. */
export function PostCard({
  post,
  onDelete,
  headingLevel = 3,
}: {
  post: PostDTO;
  onDelete?: (post: PostDTO) => void;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const lang = useLang();
  const [expanded, setExpanded] = useState(false);
  const preview = postPreview(post.description);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const date = dateFormat(lang).format(new Date(post.createdAt));
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-5"
      data-testid="post-card"
    >
      <header className="flex items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <Heading className="font-semibold">
            <bdi {...textLang(post.name, lang)}>{post.name}</bdi>
          </Heading>
          <StarRating stars={post.stars} />
        </div>
        {onDelete ? (
          <button
            type="button"
            onClick={() => onDelete(post)}
            className="inline-flex size-9 items-center justify-center rounded-full text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
            aria-label={`${t("catalog.deletePost")}: ${post.name}`}
            data-testid="delete-post"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        ) : null}
      </header>
      <p className="whitespace-pre-line text-sm leading-relaxed" data-testid="post-text">
        {/* A review keeps its writer's language: an English one on the Arabic page is marked (decision 139). */}
        <bdi {...textLang(post.description, lang)}>{expanded ? post.description : preview.text}</bdi>
      </p>
      {preview.truncated ? (
        <button
          type="button"
          className="self-start text-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300"
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
        >
          {expanded ? t("catalog.showLess") : t("catalog.readMore")}
        </button>
      ) : null}
      {post.images.length ? (
        <ul className="mt-auto flex gap-2">
          {post.images.map((url, i) => (
            <li key={url + i}>
              <ProductImage
                url={url}
                alt={t("catalog.reviewImage", { name: post.name })}
                width={96}
                height={96}
                sizes="96px"
                className="size-24 rounded-lg object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-muted">
        <time dateTime={post.createdAt}>{t("catalog.postedOn", { date })}</time>
      </p>
    </article>
  );
}
