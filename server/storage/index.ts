import path from "node:path";
import type { Config } from "../config";
import { diskObjectStore } from "./disk-store";
import type { Storage } from "./object-store";

export type { ObjectStore, Storage } from "./object-store";

/** Prefixes inside the bucket; the same names as the folders under DATA_DIR. */
export const UPLOADS_PREFIX = "uploads/";
export const PRIVATE_PREFIX = "private/contact/";

/** Where contact attachments live on disk: outside everything the server serves. */
export const privateDirOf = (dataDir: string) => path.join(dataDir, "private", "contact");

/**
 * The disk under DATA_DIR (the default), or one S3 bucket shared by every process (STORAGE=s3).
 * The AWS SDK is loaded only for a bucket: a shop on disk never pays its memory or start-up time.
 */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE === "s3") {
    const { s3Client, s3ObjectStore } = await import("./s3-store");
    const s3 = config.s3!;
    const client = s3Client(s3);
    return {
      driver: "s3",
      uploads: s3ObjectStore(client, s3.bucket, UPLOADS_PREFIX),
      private: s3ObjectStore(client, s3.bucket, PRIVATE_PREFIX),
      close: () => client.destroy(),
    };
  }
  return {
    driver: "disk",
    uploads: diskObjectStore(config.uploadsDir),
    private: diskObjectStore(privateDirOf(config.dataDir), { private: true }),
    close: () => {},
  };
}
