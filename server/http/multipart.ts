import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LIMITS } from "@core/constants";
import { AppError } from "../errors";

/**
 * Every upload of the shop is one file in the field `file`, perhaps with a few small fields. The
 * parser's own defaults (1,000 fields of 1 MiB each before the file, 2,000 header lines per part)
 * let one anonymous request hold a gigabyte of memory, so every limit is set here and again on
 * each read.
 */
export const MULTIPART_LIMITS = {
  fields: 4,
  fieldSize: 1024,
  fieldNameSize: 100,
  files: 1,
  parts: 5,
  headerPairs: 20,
  fileSize: LIMITS.uploadMaxBytes,
} as const;

/**
 * Multipart bodies (uploads, the contact form's attachment, the CSV import), registered only in the
 * route modules that take them: the plugin adds two hooks to every request of its scope, which the
 * shop's hot paths (listing, product, pages) have no use for.
 */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: { ...MULTIPART_LIMITS } });
}

const TOO_MANY = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT"]);

/** The parser's failures as the shop's errors: a limit is a 413, anything else it could not read a 400. */
function uploadError(err: unknown, tooLargeKey: string): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code ?? "";
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError("too_large", tooLargeKey);
  if (TOO_MANY.has(code)) return new AppError("too_large", "validation.uploadTooManyFields");
  // busboy's own errors ("Unexpected end of form", "Malformed part header", no boundary) carry no
  // status; they and the plugin's 4xx ones are all a body the shop cannot read.
  const status = (err as { statusCode?: number }).statusCode;
  if (status === undefined || (status >= 400 && status < 500))
    return new AppError("bad_input", "validation.uploadMalformed");
  return err;
}

export interface UploadedFile {
  content: Buffer;
  filename: string;
  fieldname: string;
}

/**
 * The one file of a multipart request, read into memory under `maxBytes`, or null when the request
 * carries none (or is not multipart). A field before it longer than MULTIPART_LIMITS.fieldSize is
 * refused rather than silently cut, as the parser would.
 */
export async function readOneFile(
  req: FastifyRequest,
  maxBytes: number,
  tooLargeKey: string,
): Promise<UploadedFile | null> {
  if (!req.isMultipart()) return null;
  try {
    const part = await req.file({ limits: { ...MULTIPART_LIMITS, fileSize: maxBytes } });
    if (!part) return null;
    for (const field of Object.values(part.fields).flat()) {
      if (field && field.type === "field" && (field.valueTruncated || field.fieldnameTruncated)) {
        throw new AppError("too_large", "validation.uploadFieldTooLong");
      }
    }
    const content = await part.toBuffer();
    return { content, filename: part.filename, fieldname: part.fieldname };
  } catch (err) {
    throw uploadError(err, tooLargeKey);
  }
}

export interface FilesAndFields {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * A form with a few fields and up to `maxFiles` files (a return request's photos), each read into
 * memory under `maxBytes`; every limit is set on this read as on `readOneFile`.
 */
export async function readFilesAndFields(
  req: FastifyRequest,
  limits: { maxFiles: number; maxBytes: number; maxFields: number; fieldSize: number },
  tooLargeKey: string,
): Promise<FilesAndFields | null> {
  if (!req.isMultipart()) return null;
  const out: FilesAndFields = { fields: {}, files: [] };
  try {
    const parts = req.parts({
      limits: {
        ...MULTIPART_LIMITS,
        files: limits.maxFiles,
        fields: limits.maxFields,
        parts: limits.maxFiles + limits.maxFields,
        fieldSize: limits.fieldSize,
        fileSize: limits.maxBytes,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        const content = await part.toBuffer();
        out.files.push({ content, filename: part.filename, fieldname: part.fieldname });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new AppError("too_large", "validation.uploadFieldTooLong");
        out.fields[part.fieldname] = String(part.value);
      }
    }
    return out;
  } catch (err) {
    throw uploadError(err, tooLargeKey);
  }
}
