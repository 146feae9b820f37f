import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where contact attachments' bytes live, behind the three calls the shop needs, so another place
 * (object storage) can replace the disk without the services changing. Keys are opaque names
 * chosen by the caller ("<uuid>.<ext>"); a missing key reads as null and deletes quietly.
 */
export interface AttachmentStore {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** A file path for the mailer to attach, where the store has one (the disk store does). */
  localPath?(key: string): string;
}

/** A key is our own "<uuid>.<ext>": nothing that could climb out of the folder. */
const SAFE_KEY = /^[a-f0-9-]{36}\.[a-z0-9]{1,5}$/;

function checked(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`invalid attachment key ${JSON.stringify(key)}`);
  return key;
}

/** Files in a private folder (DATA_DIR/private/contact/), outside everything the server serves. */
export function diskAttachmentStore(dir: string): AttachmentStore {
  const file = (key: string) => path.join(dir, checked(key));
  return {
    async put(key, content) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.writeFile(file(key), content, { flag: "wx", mode: 0o600 });
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
    localPath: file,
  };
}

export const contactAttachmentDir = (dataDir: string) => path.join(dataDir, "private", "contact");
