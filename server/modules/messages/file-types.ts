/**
 * What a contact attachment really is, read from its first bytes (never from its name): exactly
 * SPEC §5's types. Office files are either the old compound format (doc, xls, ppt) or a zip
 * (docx, xlsx, pptx); both families are allowed, the zip is told apart by its first entries.
 */
export interface DetectedType {
  ext: string;
  mime: string;
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** ISO media brands that are MP4 video (not HEIC, AVIF or QuickTime, which share the box layout). */
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
  "dash",
  "mmp4",
  "MSNV",
  "f4v ",
]);

const OLE_EXT: Record<string, DetectedType> = {
  doc: { ext: "doc", mime: "application/msword" },
  xls: { ext: "xls", mime: "application/vnd.ms-excel" },
  ppt: { ext: "ppt", mime: "application/vnd.ms-powerpoint" },
};

function zipKind(buf: Buffer): DetectedType {
  // The entry names of the first part of the archive say which Office document it is.
  const head = buf.subarray(0, Math.min(buf.length, 64 * 1024)).toString("latin1");
  if (head.includes("word/"))
    return { ext: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" };
  if (head.includes("xl/"))
    return { ext: "xlsx", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" };
  if (head.includes("ppt/"))
    return { ext: "pptx", mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation" };
  return { ext: "zip", mime: "application/zip" };
}

/** The detected type, or null when the content is none of the allowed ones. */
export function detectContactFileType(buf: Buffer, clientName = ""): DetectedType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { ext: "jpg", mime: "image/jpeg" };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: "png", mime: "image/png" };
  if (startsWith(buf, ascii("GIF87a")) || startsWith(buf, ascii("GIF89a"))) return { ext: "gif", mime: "image/gif" };
  if (startsWith(buf, ascii("ftyp"), 4) && MP4_BRANDS.has(buf.subarray(8, 12).toString("latin1"))) {
    return { ext: "mp4", mime: "video/mp4" };
  }
  if (startsWith(buf, ascii("%PDF-"))) return { ext: "pdf", mime: "application/pdf" };
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const ext = clientName.toLowerCase().split(".").pop() ?? "";
    return OLE_EXT[ext] ?? OLE_EXT.doc!;
  }
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buf, [0x50, 0x4b, 0x05, 0x06])) return zipKind(buf);
  if (startsWith(buf, ascii("Rar!\x1a\x07"))) return { ext: "rar", mime: "application/vnd.rar" };
  if (startsWith(buf, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return { ext: "7z", mime: "application/x-7z-compressed" };
  if (startsWith(buf, ascii("ustar"), 257)) return { ext: "tar", mime: "application/x-tar" };
  if (startsWith(buf, [0x1f, 0x8b])) return { ext: "gz", mime: "application/gzip" };
  if (startsWith(buf, ascii("BZh"))) return { ext: "bz2", mime: "application/x-bzip2" };
  return null;
}
