import type { ContactInput } from "@core/validation/contact";
import type { AppDeps } from "../../deps";
import { contactMessages } from "../../db/schema";
import { resolveContactFile } from "./contact-files";
import { mimeOfStoredFile } from "./file-types";

/**
 * A contact form message: kept in contact_messages, then e-mailed to the shop's address with the
 * attachments. A mail failure is not hidden: the caller gets an error (the form shows the spec's
 * fallback) while the stored row still keeps the message.
 */
export async function sendContactMessage(deps: Pick<AppDeps, "db" | "config" | "mailer">, input: ContactInput): Promise<{ id: string }> {
  const files = await Promise.all(input.files.map((url) => resolveContactFile(deps.config, url)));
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ ...input, files: files.map((f) => f.url) })
    .returning({ id: contactMessages.id });
  const base = deps.config.PUBLIC_URL?.replace(/\/$/, "") ?? "";
  const lines = [
    `Type: ${input.type}`,
    `Name: ${input.name}`,
    `E-mail: ${input.email}`,
    `Phone: ${input.phone}`,
    "",
    input.message,
    ...(files.length ? ["", "Attachments:", ...files.map((f) => `${base}${f.url}`)] : []),
  ];
  await deps.mailer.send({
    to: deps.config.SHOP_EMAIL,
    subject: `Contact (${input.type}) from ${input.name}`,
    text: lines.join("\n"),
    attachments: files.map((f, i) => ({ filename: `attachment-${i + 1}.${f.name.split(".").pop()}`, path: f.file, contentType: mimeOfStoredFile(f.name) })),
  });
  return { id: row!.id };
}
