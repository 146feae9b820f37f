/**
 * The contact form of SPEC §5, shared by the page and POST /api/sendmessage. Messages are i18n keys
 * (core/i18n/<lang>/pages.json). The attachment rules are here too, so the page refuses a file before
 * uploading it with the same words the server uses.
 */
import { z } from "zod";
import { CONTACT_TYPES, LIMITS } from "../constants";
import { uuidField } from "./fields";

const required = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, key).max(max, "validation.tooLong");

export const CONTACT_MAX_FILES = 5;

export const contactInput = z.object({
  name: required("pages.contactNameRequired", 120),
  email: required("pages.contactEmailRequired", 200).pipe(z.email("validation.emailInvalid")),
  // Digits only, with an optional leading + and spaces a person types between groups.
  phone: required("pages.contactPhoneRequired", 30)
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\+?\d{7,15}$/, "pages.contactPhoneNumeric")),
  type: z.enum(CONTACT_TYPES, { error: "pages.contactTypeRequired" }),
  message: required("pages.contactMessageRequired", 5000),
  /** The ids POST /api/uploads/contact answered (docs/decisions/022). */
  files: z
    .array(uuidField("pages.contactFilesInvalid"), { error: "pages.contactFilesInvalid" })
    .max(CONTACT_MAX_FILES, "pages.contactTooManyFiles")
    .default([]),
});

export type ContactInput = z.infer<typeof contactInput>;
export type ContactFormValues = z.input<typeof contactInput>;

/**
 * SPEC §5's allowed attachments. The browser checks the declared MIME type (and the name, since
 * browsers leave archives' types blank or vague); the server checks the content itself.
 */
export const CONTACT_FILE_EXTENSIONS = [
  "jpg",
  "jpeg",
  "png",
  "gif",
  "mp4",
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "rar",
  "zip",
  "7z",
  "tar",
  "gz",
  "tgz",
  "bz2",
] as const;

export const CONTACT_FILE_ACCEPT = CONTACT_FILE_EXTENSIONS.map((e) => `.${e}`).join(",");

/** "pages.unsupportedFileType", "pages.fileTooLarge", or null when the file may be uploaded. */
export function contactFileProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  if (!(CONTACT_FILE_EXTENSIONS as readonly string[]).includes(ext)) return "pages.unsupportedFileType";
  if (file.size >= LIMITS.contactFileMaxBytes) return "pages.fileTooLarge";
  return null;
}
