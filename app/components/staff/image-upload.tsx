import { useId, useRef, useState } from "react";
import { ImagePlus, X } from "lucide-react";
import { call } from "~/lib/api-client";
import { useLang, useT } from "~/i18n/react";
import { toast } from "~/components/ui/toaster";

/** Sends one file to our upload endpoint (it replaces the spec's hosted image service). */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const { url } = await call("POST /uploads", { form });
  return url;
}

/**
 * Image picker with previews and remove buttons. Files are uploaded as soon as they are picked;
 * `onChange` receives the list of uploaded URLs.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  max,
  error,
  onUploadingChange,
}: {
  label: string;
  value: string[];
  onChange: (urls: string[]) => void;
  max: number;
  error?: string | null;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const room = max - value.length;

  async function pick(files: FileList | null) {
    if (!files || files.length === 0) return;
    const chosen = Array.from(files);
    if (chosen.length > room) toast.error(t("staff.maxImages", { n: max }));
    setUploading(true);
    onUploadingChange?.(true);
    try {
      // Each file on its own: one that fails does not throw away the ones that uploaded.
      const urls: string[] = [];
      const failed: string[] = [];
      for (const file of chosen.slice(0, Math.max(room, 0))) {
        try {
          urls.push(await uploadImage(file));
        } catch {
          failed.push(file.name);
        }
      }
      if (urls.length > 0) {
        onChange([...value, ...urls]);
        toast.success(t("staff.imageUploaded"));
      }
      // SPEC §8's 'Error uploading images', naming the files that did not make it.
      if (failed.length > 0)
        toast.error(t("staff.imageUploadFailedFor", { names: failed.join(lang === "ar" ? "، " : ", ") }));
    } finally {
      setUploading(false);
      onUploadingChange?.(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}{" "}
        <span className="text-muted">
          ({value.length}/{max})
        </span>
      </label>
      <div className="flex flex-wrap gap-3">
        {value.map((url, i) => (
          <div key={url + i} className="relative size-24 overflow-hidden rounded-lg border border-line">
            <img src={url} alt={t("staff.imageN", { n: i + 1 })} className="size-full object-cover" />
            <button
              type="button"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              className="absolute end-1 top-1 inline-flex size-7 items-center justify-center rounded-full bg-black/70 text-white hover:bg-black"
              aria-label={t("staff.removeImageN", { n: i + 1 })}
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ))}
        {room > 0 ? (
          <button
            type="button"
            onClick={() => input.current?.click()}
            disabled={uploading}
            aria-describedby={error ? `${id}-error` : undefined}
            className="flex size-24 flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-line text-xs text-muted hover:border-brand-400 disabled:opacity-60"
          >
            <ImagePlus className="size-6" aria-hidden />
            {uploading ? t("staff.uploading") : t("staff.addImage")}
          </button>
        ) : null}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        multiple={max > 1}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => void pick(e.target.files)}
        data-testid="image-input"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
