import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { checkedKey, type ObjectStore } from "./object-store";

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Files in one folder. `private` folders and files are readable by the server's user alone. A put
 * writes a temporary file and renames it, so a crash or a reader in between never sees half a file.
 */
export function diskObjectStore(dir: string, opts: { private?: boolean } = {}): ObjectStore {
  const file = (key: string) => path.join(dir, checkedKey(key));
  const dirMode = opts.private ? 0o700 : 0o755;
  const fileMode = opts.private ? 0o600 : 0o644;
  return {
    async put(key, content) {
      const target = file(key);
      await fs.mkdir(dir, { recursive: true, mode: dirMode });
      const temp = path.join(dir, `.${crypto.randomBytes(6).toString("hex")}.part`);
      await fs.writeFile(temp, content, { flag: "wx", mode: fileMode });
      await fs.rename(temp, target);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async open(key) {
      try {
        const stat = await fs.stat(file(key));
        if (!stat.isFile()) return null;
        return { body: createReadStream(file(key)), length: stat.size };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      return fs.stat(file(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
    async *list() {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const name of names.sort()) if (!name.startsWith(".")) yield name;
    },
    localPath: file,
  };
}
