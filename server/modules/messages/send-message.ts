import type { ContactInput } from "@core/validation/contact";
import type { AppDeps } from "../../deps";
import { contactMessages } from "../../db/schema";
import type { AttachmentStore } from "./attachment-store";
import { claimContactFiles } from "./contact-files";

/** Where staff download a message's attachment (server/modules/messages/routes.ts). */
export const attachmentPath = (messageId: string, position: number) =>
  `/api/messages/${messageId}/attachments/${position}`;

/**
 * A contact form message: kept in contact_messages with its attachments claimed (in one
 * transaction, so a refused attachment keeps nothing), then e-mailed to the shop's address with the
 * files attached and links only staff can open. A mail failure is not hidden: the caller gets an
 * error (the form shows the spec's fallback) while the stored row still keeps the message.
 */
export async function sendContactMessage(
  deps: Pick<AppDeps, "db" | "config" | "mailer">,
  store: AttachmentStore,
  input: ContactInput,
): Promise<{ id: string }> {
  const { id, files } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    const claimed = await claimContactFiles(tx, row!.id, input.files);
    return { id: row!.id, files: claimed };
  });
  const base = deps.config.PUBLIC_URL?.replace(/\/$/, "") ?? "";
  const lines = [
    `Type: ${input.type}`,
    `Name: ${input.name}`,
    `E-mail: ${input.email}`,
    `Phone: ${input.phone}`,
    "",
    input.message,
    ...(files.length
      ? ["", "Attachments (staff sign-in needed):", ...files.map((f) => `${base}${attachmentPath(id, f.position)}`)]
      : []),
  ];
  const attachments = [];
  for (const f of files) {
    const filename = `attachment-${f.position}.${f.ext}`;
    // On disk the mailer reads the file itself; from a bucket the bytes are fetched first.
    const local = store.localPath?.(f.storageKey);
    if (local) attachments.push({ filename, path: local, contentType: f.mime });
    else {
      const content = await store.get(f.storageKey);
      if (content) attachments.push({ filename, content, contentType: f.mime });
    }
  }
  await deps.mailer.send({
    to: deps.config.SHOP_EMAIL,
    subject: `Contact (${input.type}) from ${input.name}`,
    text: lines.join("\n"),
    attachments,
  });
  return { id };
}
