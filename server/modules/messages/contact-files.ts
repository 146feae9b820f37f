import crypto from "node:crypto";
import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { LIMITS } from "@core/constants";
import type { Db, DbOrTx } from "../../db/client";
import { contactAttachments } from "../../db/schema";
import { AppError } from "../../errors";
import type { AttachmentStore } from "./attachment-store";
import { detectContactFileType } from "./file-types";

/**
 * The contact form's attachments (docs/decisions/022): private files, claimed by the message that
 * sends them, swept when never claimed, and capped per client address and for the whole shop so
 * the public upload is neither free file hosting nor a way to fill the disk the database writes to.
 */
export const CONTACT_UPLOAD_LIMITS = {
  /** An upload no message claims within this time is deleted. */
  unclaimedMs: 60 * 60 * 1000,
  /** The quotas count the bytes uploaded within this window. */
  windowMs: 24 * 60 * 60 * 1000,
  /** One client address: five messages' worth of full attachments. */
  perClientBytes: 25 * 1024 * 1024,
  /** Everyone together: what the shop's disk can spare each day. */
  totalBytes: 500 * 1024 * 1024,
  /** How often the running server sweeps unclaimed uploads. */
  sweepEveryMs: 10 * 60 * 1000,
  /** Uploads read at once (each may hold 5 MB in memory); more are refused until one ends. */
  inFlight: 8,
};

/** Quota checks and the row that reserves the bytes are serialised by this transaction lock. */
const QUOTA_LOCK = 0x636f6e74; // "cont"

export interface StoredAttachment {
  id: string;
  ext: string;
}

/**
 * Checks one upload (type by content, size, quotas), reserves its bytes in contact_attachments and
 * stores it. The id it answers is the only way to refer to it, and only to attach it to a message.
 */
export async function saveContactFile(
  db: Db,
  store: AttachmentStore,
  upload: { content: Buffer; clientName: string; clientAddress: string },
  now = new Date(),
): Promise<StoredAttachment> {
  const { content } = upload;
  if (content.length >= LIMITS.contactFileMaxBytes) throw new AppError("too_large", "pages.fileTooLarge");
  const type = detectContactFileType(content, upload.clientName);
  if (!type) throw new AppError("unsupported", "pages.unsupportedFileType");
  await sweepUnclaimedAttachments(db, store, now);
  // Cut once and used for both the check and the row: a forwarded address is whatever a client wrote.
  const clientAddress = upload.clientAddress.slice(0, 100);
  const id = crypto.randomUUID();
  const storageKey = `${id}.${type.ext}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK})`);
    const since = new Date(now.getTime() - CONTACT_UPLOAD_LIMITS.windowMs);
    const [used] = await tx
      .select({
        total: sql<string>`coalesce(sum(${contactAttachments.bytes}), 0)`,
        client: sql<string>`coalesce(sum(${contactAttachments.bytes}) filter (where ${contactAttachments.clientAddress} = ${clientAddress}), 0)`,
      })
      .from(contactAttachments)
      .where(gte(contactAttachments.createdAt, since));
    if (Number(used!.client) + content.length > CONTACT_UPLOAD_LIMITS.perClientBytes) {
      throw new AppError("rate_limited", "pages.contactQuotaClient");
    }
    if (Number(used!.total) + content.length > CONTACT_UPLOAD_LIMITS.totalBytes) {
      throw new AppError("rate_limited", "pages.contactQuotaShop");
    }
    await tx.insert(contactAttachments).values({
      id,
      storageKey,
      ext: type.ext,
      mime: type.mime,
      bytes: content.length,
      clientAddress,
      createdAt: now,
    });
  });
  try {
    await store.put(storageKey, content, type.mime);
  } catch (err) {
    await db.delete(contactAttachments).where(eq(contactAttachments.id, id));
    throw err;
  }
  return { id, ext: type.ext };
}

export interface ClaimedAttachment {
  position: number;
  storageKey: string;
  ext: string;
  mime: string;
}

/**
 * Gives a message its attachments, in the order sent: each must be an unclaimed upload of the last
 * hour. Anything else (another message's file, a swept one, a made-up id) refuses the whole message.
 */
export async function claimContactFiles(
  tx: DbOrTx,
  messageId: string,
  ids: string[],
  now = new Date(),
): Promise<ClaimedAttachment[]> {
  if (ids.length === 0) return [];
  if (new Set(ids).size !== ids.length) throw new AppError("bad_input", "pages.contactFilesInvalid");
  const fresh = new Date(now.getTime() - CONTACT_UPLOAD_LIMITS.unclaimedMs);
  const claimed: ClaimedAttachment[] = [];
  for (const [i, id] of ids.entries()) {
    const [row] = await tx
      .update(contactAttachments)
      .set({ messageId, position: i + 1 })
      .where(
        and(
          eq(contactAttachments.id, id),
          isNull(contactAttachments.messageId),
          gte(contactAttachments.createdAt, fresh),
        ),
      )
      .returning({
        storageKey: contactAttachments.storageKey,
        ext: contactAttachments.ext,
        mime: contactAttachments.mime,
      });
    if (!row) throw new AppError("bad_input", "pages.contactFilesInvalid");
    claimed.push({ position: i + 1, ...row });
  }
  return claimed;
}

/** Deletes uploads no message claimed within the hour, rows and bytes. Answers how many. */
export async function sweepUnclaimedAttachments(db: Db, store: AttachmentStore, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CONTACT_UPLOAD_LIMITS.unclaimedMs);
  const gone = await db
    .delete(contactAttachments)
    .where(and(isNull(contactAttachments.messageId), lt(contactAttachments.createdAt, before)))
    .returning({ storageKey: contactAttachments.storageKey });
  // Rows first: a file whose row is gone is unreachable, a row whose file is gone would be a broken link.
  await Promise.all(gone.map((g) => store.delete(g.storageKey)));
  return gone.length;
}

/** A message's attachment by its place (from 1), for staff; null when there is none. */
export async function readMessageAttachment(
  db: Db,
  store: AttachmentStore,
  messageId: string,
  position: number,
): Promise<{ content: Buffer; ext: string; mime: string } | null> {
  const [row] = await db
    .select({ storageKey: contactAttachments.storageKey, ext: contactAttachments.ext, mime: contactAttachments.mime })
    .from(contactAttachments)
    .where(and(eq(contactAttachments.messageId, messageId), eq(contactAttachments.position, position)))
    .orderBy(asc(contactAttachments.createdAt))
    .limit(1);
  if (!row) return null;
  const content = await store.get(row.storageKey);
  return content ? { content, ext: row.ext, mime: row.mime } : null;
}
