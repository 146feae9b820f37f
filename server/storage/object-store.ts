import type { Readable } from "node:stream";

/**
 * One place bytes are kept, under flat names: the disk (DATA_DIR/...) or a prefix of an S3 bucket
 * (docs/decisions/270). Uploads, demo pictures and contact attachments all go through it, so a
 * second process sees what the first stored as soon as the storage is shared.
 */
export interface ObjectStore {
  /** Stores the bytes under the name; a reader never sees half an object. */
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** A stream of the object for serving it, or null when there is none. */
  open(key: string): Promise<{ body: Readable; length?: number; contentType?: string } | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes quietly when there is nothing to delete. */
  delete(key: string): Promise<void>;
  /** Every name stored, for backups. */
  list(): AsyncIterable<string>;
  /** A file path, where the store has one (the disk does): the mailer attaches it without reading it. */
  localPath?(key: string): string;
}

/** The shop's two stores: pictures anyone may see, and files only staff may download. */
export interface Storage {
  driver: "disk" | "s3";
  /** Served at /uploads/<name>: product images, banners, review and profile photos. */
  uploads: ObjectStore;
  /** Never served: contact attachments, read back only through a staff-only route. */
  private: ObjectStore;
  close(): void;
}

/** A name is one path segment of letters, digits, "-", "_" and dots, never ".." or a leading dot. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

export function checkedKey(key: string): string {
  if (!SAFE_NAME.test(key) || key.includes("..")) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}
