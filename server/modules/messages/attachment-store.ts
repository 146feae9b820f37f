import type { ObjectStore } from "../../storage";
import { diskObjectStore } from "../../storage/disk-store";
import { privateDirOf } from "../../storage";

/**
 * Where contact attachments' bytes live, behind the calls the shop needs: the private store of
 * server/storage (a private folder on disk, or a private prefix of the bucket). Keys are opaque
 * names chosen by the caller ("<uuid>.<ext>"); a missing key reads as null and deletes quietly.
 */
export interface AttachmentStore {
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** A file path for the mailer to attach, where the store has one (the disk store does). */
  localPath?(key: string): string;
}

/** A key is our own "<uuid>.<ext>": nothing that could climb out of the folder or the prefix. */
const SAFE_KEY = /^[a-f0-9-]{36}\.[a-z0-9]{1,5}$/;

function checked(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`invalid attachment key ${JSON.stringify(key)}`);
  return key;
}

/** Attachments in a private object store; never one that is served (decision 270). */
export function attachmentStore(store: ObjectStore): AttachmentStore {
  return {
    put: (key, content, contentType) => store.put(checked(key), content, contentType),
    get: (key) => store.get(checked(key)),
    delete: (key) => store.delete(checked(key)),
    ...(store.localPath ? { localPath: (key: string) => store.localPath!(checked(key)) } : {}),
  };
}

/** Files in a private folder (DATA_DIR/private/contact/), outside everything the server serves. */
export const diskAttachmentStore = (dir: string) => attachmentStore(diskObjectStore(dir, { private: true }));

export const contactAttachmentDir = privateDirOf;
