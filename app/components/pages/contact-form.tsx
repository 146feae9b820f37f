import { useId, useRef, useState, type ChangeEvent } from "react";
import { FileText, Loader2, Paperclip, X } from "lucide-react";
import { CONTACT_TYPES } from "@core/constants";
import {
  CONTACT_FILE_ACCEPT,
  CONTACT_MAX_FILES,
  type ContactFormValues,
  contactFileProblem,
  contactInput,
} from "@core/validation/contact";
import { ApiError } from "~/lib/api";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";

const EMPTY = { name: "", email: "", phone: "", type: "", message: "" };
type Values = typeof EMPTY;

interface Attachment {
  id: string;
  name: string;
  url: string | null;
}

/** The server's own refusals (type, size, rate limit) carry the spec's words; anything else is the screen's fallback. */
const isRefusal = (e: unknown): e is ApiError => e instanceof ApiError && e.status >= 400 && e.status < 500;

/**
 * SPEC §2 Contact page form: each attachment is checked (type, under 5 MB) before it is uploaded,
 * uploaded at once to /api/uploads/contact (which checks it again by content), and the message is
 * sent with the uploaded links; on success the form clears.
 */
export function ContactForm() {
  const t = useT();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [files, setFiles] = useState<Attachment[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const uploading = files.some((f) => f.url === null);

  const send = useMutation(
    async (body: ContactFormValues) => {
      try {
        return await call("POST /sendmessage", { body });
      } catch (e) {
        // SPEC §8: a failure that is not a refusal of this message (5xx) reads as the form's own fallback.
        throw isRefusal(e) ? e : new ApiError("", 0, {});
      }
    },
    {
      schema: contactInput,
      failure: "pages.contactFallback",
      revalidate: false,
      onSuccess: () => {
        setValues(EMPTY);
        setFiles([]);
        setFileError(null);
      },
    },
  );
  const filesError = fileError ?? send.error("files");

  const set = (key: keyof Values) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    send.clearError(key);
  };

  async function upload(file: File) {
    const id = `${Date.now()}-${Math.random()}`;
    setFiles((list) => [...list, { id, name: file.name, url: null }]);
    const form = new FormData();
    form.append("file", file);
    try {
      const { url } = await call("POST /uploads/contact", { form });
      setFiles((list) => list.map((f) => (f.id === id ? { ...f, url } : f)));
    } catch (e) {
      setFiles((list) => list.filter((f) => f.id !== id));
      const message = isRefusal(e) ? e.message : t("pages.failedToUpload");
      setFileError(message);
      toast.error(message);
    }
  }

  function onFilesChosen(e: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = "";
    setFileError(null);
    send.clearError("files");
    let room = CONTACT_MAX_FILES - files.length;
    for (const file of chosen) {
      const problem = room <= 0 ? "pages.contactTooManyFiles" : contactFileProblem(file);
      if (problem) {
        setFileError(t(problem));
        toast.error(t(problem));
        continue;
      }
      room--;
      void upload(file);
    }
  }

  const onSubmit = send.onSubmit(() => ({ ...values, files: files.map((f) => f.url ?? "") }) as ContactFormValues);

  return (
    <form
      onSubmit={(e) => {
        if (!uploading) return onSubmit(e);
        e.preventDefault();
        toast.error(t("pages.contact.waitForUploads"));
      }}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="contact-form-title"
      data-testid="contact-form"
    >
      <h2 id="contact-form-title" className="text-xl font-semibold">
        {t("pages.contact.formTitle")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("pages.contact.fullName")}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={set("name")}
          error={send.error("name")}
        />
        <TextField
          label={t("pages.contact.phone")}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
          value={values.phone}
          onChange={set("phone")}
          error={send.error("phone")}
        />
        <TextField
          label={t("pages.contact.email")}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          value={values.email}
          onChange={set("email")}
          error={send.error("email")}
        />
        <SelectField
          label={t("pages.contact.type")}
          name="type"
          required
          value={values.type}
          onChange={set("type")}
          error={send.error("type")}
        >
          <option value="">{t("pages.contact.typePlaceholder")}</option>
          {CONTACT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`pages.contact.type.${type}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label={t("pages.contact.message")}
        name="message"
        rows={6}
        required
        value={values.message}
        onChange={set("message")}
        error={send.error("message")}
      />

      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium" id={`${fileInputId}-label`}>
          {t("pages.contact.attachments")}
        </span>
        <p className="text-xs text-muted" id={`${fileInputId}-hint`}>
          {t("pages.contact.attachHint")}
        </p>
        <div>
          <input
            ref={fileInput}
            id={fileInputId}
            type="file"
            multiple
            accept={CONTACT_FILE_ACCEPT}
            className="peer sr-only"
            onChange={onFilesChosen}
            aria-labelledby={`${fileInputId}-label`}
            aria-describedby={`${fileInputId}-hint${filesError ? ` ${fileInputId}-error` : ""}`}
            disabled={files.length >= CONTACT_MAX_FILES}
            data-testid="contact-files"
          />
          <label
            htmlFor={fileInputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border border-line px-4 text-sm font-medium hover:bg-surface-2 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
          >
            <Paperclip className="size-4" aria-hidden />
            {t("pages.contact.chooseFiles")}
          </label>
        </div>
        {filesError ? (
          <p
            id={`${fileInputId}-error`}
            role="alert"
            className="text-xs text-red-700 dark:text-red-400"
            data-testid="contact-files-error"
          >
            {filesError}
          </p>
        ) : null}
        {files.length ? (
          <ul className="flex flex-col gap-2" aria-live="polite">
            {files.map((f) => (
              <li
                key={f.id}
                className="flex items-center gap-3 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm"
              >
                {f.url ? (
                  <FileText className="size-4 shrink-0 text-brand-600" aria-hidden />
                ) : (
                  <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />
                )}
                <bdi className="min-w-0 flex-1 truncate">{f.name}</bdi>
                <span className="text-xs text-muted">
                  {f.url ? t("pages.contact.uploaded") : t("pages.contact.uploadingShort")}
                </span>
                <button
                  type="button"
                  className="rounded-full p-1 hover:bg-line disabled:opacity-50"
                  onClick={() => setFiles((list) => list.filter((x) => x.id !== f.id))}
                  disabled={!f.url}
                  aria-label={t("pages.contact.removeFile", { name: f.name })}
                >
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div>
        <Button type="submit" loading={send.busy} disabled={uploading} size="lg">
          {t("pages.contact.send")}
        </Button>
      </div>
    </form>
  );
}
