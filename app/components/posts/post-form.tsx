import { X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { LIMITS } from "@core/constants";
import type { z } from "zod";
import { postInput } from "@core/validation/post";
import type { PostDTO } from "@server/modules/content/content-dto";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useT } from "~/i18n/react";
import { compressToWebp, NotAnImageError } from "./compress-image";
import { StarPicker } from "./stars";

interface Photo {
  key: string;
  /** Local preview while uploading; then the uploaded URL. */
  preview: string;
  url: string | null;
}

/**
 * Share a review (SPEC §2 Reviews, §5 Review). Photos are compressed in the browser to WebP within
 * 1 MB and 1920 px, then uploaded one by one; the form cannot be sent while any is still uploading.
 */
export function PostForm({ signedIn, onPosted }: { signedIn: boolean; onPosted: (post: PostDTO) => void }) {
  const t = useT();
  const fileId = useId();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [stars, setStars] = useState(0);
  const [photos, setPhotos] = useState<Photo[]>([]);
  /** A photo's own problem (too many, not an image), before any upload. */
  const [imageError, setImageError] = useState<string | null>(null);
  const uploading = photos.some((p) => p.url === null);
  const share = useMutation((body: z.input<typeof postInput>) => call("POST /posts", { body }), {
    schema: postInput,
    success: "catalog.postShared",
    // The page's list takes the new review from onPosted; nothing else on the page changed.
    revalidate: false,
    onSuccess: ({ post }) => {
      for (const p of photos) URL.revokeObjectURL(p.preview);
      setName("");
      setDescription("");
      setStars(0);
      setPhotos([]);
      onPosted(post);
    },
  });
  const imagesError = imageError ?? share.error("images");

  if (!signedIn) {
    return (
      <div
        className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface-2 p-6"
        data-testid="post-sign-in"
      >
        <h2 className="text-lg font-semibold">{t("catalog.shareTitle")}</h2>
        <p className="text-sm text-muted">{t("catalog.signInToShare")}</p>
        <Link
          to="/auth?redirect=%2Fposts"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("catalog.signInButton")}
        </Link>
      </div>
    );
  }

  const addFiles = async (files: File[]) => {
    if (!files.length) return;
    if (photos.length + files.length > LIMITS.postMaxImages) {
      setImageError(t("catalogAdmin.postMaxImages"));
      toast.error(t("catalogAdmin.postMaxImages"));
      return;
    }
    if (files.some((f) => !f.type.startsWith("image/"))) {
      setImageError(t("catalog.imagesOnly"));
      return;
    }
    setImageError(null);
    share.clearError("images");
    const added = files.map((f) => ({
      key: crypto.randomUUID(),
      preview: URL.createObjectURL(f),
      url: null as string | null,
      file: f,
    }));
    setPhotos((p) => [...p, ...added.map(({ key, preview, url }) => ({ key, preview, url }))]);
    await Promise.all(
      added.map(async ({ key, file }) => {
        try {
          const compressed = await compressToWebp(file);
          const form = new FormData();
          form.append("file", compressed);
          const saved = await call("POST /uploads", { form });
          setPhotos((p) => p.map((x) => (x.key === key ? { ...x, url: saved.url } : x)));
        } catch (e) {
          setPhotos((p) => p.filter((x) => x.key !== key));
          toast.error(e instanceof NotAnImageError ? t("catalog.imagesOnly") : t("catalog.uploadError"));
        }
      }),
    );
  };

  const removePhoto = (key: string) =>
    setPhotos((p) => {
      const gone = p.find((x) => x.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return p.filter((x) => x.key !== key);
    });

  return (
    <form
      onSubmit={(e) => {
        // The form cannot be sent while a photo is still uploading (the button says so too).
        if (!uploading)
          return share.onSubmit(() => ({ name, description, stars, images: photos.map((p) => p.url ?? "") }))(e);
        e.preventDefault();
      }}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-2 p-6"
      data-testid="post-form"
    >
      <h2 className="text-lg font-semibold">{t("catalog.shareTitle")}</h2>
      <TextField
        label={t("catalog.yourName")}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={share.error("name")}
        required
        maxLength={80}
        autoComplete="given-name"
        name="name"
      />
      <TextAreaField
        label={t("catalog.yourReview")}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={share.error("description")}
        required
        maxLength={2000}
        name="description"
      />
      <StarPicker value={stars} onChange={setStars} error={share.error("stars")} />
      <div className="flex flex-col gap-2">
        <label htmlFor={fileId} className="text-sm font-medium">
          {t("catalog.photos")}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          {photos.map((p, i) => (
            <div key={p.key} className="relative">
              <img
                src={p.preview}
                alt=""
                width={80}
                height={80}
                className={`size-20 rounded-lg object-cover ${p.url ? "" : "opacity-50"}`}
              />
              <button
                type="button"
                onClick={() => removePhoto(p.key)}
                className="absolute -end-2 -top-2 inline-flex size-6 items-center justify-center rounded-full bg-ink text-surface"
                aria-label={t("catalog.removePhoto", { n: i + 1 })}
              >
                <X className="size-3" aria-hidden />
              </button>
            </div>
          ))}
        </div>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          multiple
          className="text-sm file:me-3 file:rounded-full file:border-0 file:bg-surface file:px-4 file:py-2 file:text-sm file:font-medium"
          aria-describedby={imagesError ? `${fileId}-error` : undefined}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = "";
            void addFiles(files);
          }}
          data-testid="post-images"
        />
        {imagesError ? (
          <p id={`${fileId}-error`} role="alert" className="text-xs text-red-700 dark:text-red-400">
            {imagesError}
          </p>
        ) : null}
        {uploading ? (
          <p role="status" className="text-xs text-muted">
            {t("catalog.uploadingPhotos")}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={uploading} loading={share.busy} className="self-start" data-testid="post-submit">
        {t("catalog.shareReview")}
      </Button>
    </form>
  );
}
