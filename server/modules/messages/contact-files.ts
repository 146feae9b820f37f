import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { LIMITS } from "@core/constants";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import { detectContactFileType } from "./file-types";

export const CONTACT_UPLOAD_DIR = "contact";
/** The URL of a stored contact attachment: random name, extension from the detected type. */
export const CONTACT_FILE_URL = /^\/uploads\/contact\/([a-f0-9]{32}\.[a-z0-9]{1,5})$/;

/**
 * Stores one contact attachment under DATA_DIR/uploads/contact/ with a random name, after checking
 * its content is one of SPEC §5's types and that it is under 5 MB.
 */
export async function saveContactFile(config: Config, content: Buffer, clientName: string): Promise<{ url: string }> {
  if (content.length >= LIMITS.contactFileMaxBytes) throw new AppError("too_large", "pages.fileTooLarge");
  const type = detectContactFileType(content, clientName);
  if (!type) throw new AppError("unsupported", "pages.unsupportedFileType");
  const name = `${crypto.randomBytes(16).toString("hex")}.${type.ext}`;
  const dir = path.join(config.uploadsDir, CONTACT_UPLOAD_DIR);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), content, { flag: "wx" });
  return { url: `/uploads/${CONTACT_UPLOAD_DIR}/${name}` };
}

/**
 * The file on disk behind an attachment URL the form sent back, or an error: only contact uploads of
 * this server are accepted (an absolute URL of this shop's PUBLIC_URL counts as its path).
 */
export async function resolveContactFile(config: Config, url: string): Promise<{ url: string; file: string; name: string }> {
  const base = config.PUBLIC_URL?.replace(/\/$/, "");
  const local = base && url.startsWith(`${base}/`) ? url.slice(base.length) : url;
  const match = CONTACT_FILE_URL.exec(local);
  if (!match) throw new AppError("bad_input", "pages.contactFilesInvalid");
  const file = path.join(config.uploadsDir, CONTACT_UPLOAD_DIR, match[1]!);
  const exists = await fs
    .stat(file)
    .then((s) => s.isFile())
    .catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return false;
      throw err;
    });
  if (!exists) throw new AppError("bad_input", "pages.contactFilesInvalid");
  return { url: local, file, name: match[1]! };
}
