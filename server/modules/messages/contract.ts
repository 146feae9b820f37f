/** The contact form (SPEC §7 POST /sendmessage), its attachment upload, and staff's download of them. */
import { z } from "zod";
import { CONTACT_MAX_FILES, contactInput } from "@core/validation/contact";
import { defineOperation } from "../../http/operation";
import { contactUploadDto } from "./messages-dto";

/** A stored attachment's bytes, its type set from its content. */
const attachmentFile = z.string().meta({ format: "binary", description: "The attached file" });

export const messagesContract = {
  sendMessage: defineOperation({
    method: "POST",
    path: "/sendmessage",
    access: "public",
    summary: "Sends the contact form to the shop, with the ids of attachments uploaded before",
    body: contactInput,
    reply: z.object({ message: z.string() }),
  }),
  uploadContactFile: defineOperation({
    method: "POST",
    path: "/uploads/contact",
    access: "public",
    summary:
      "One attachment in the multipart field `file` (images, video, PDF, office files, archives: checked by content), kept an hour unless a message claims it",
    multipart: true,
    reply: contactUploadDto,
  }),
  downloadAttachment: defineOperation({
    method: "GET",
    path: "/messages/:id/attachments/:n",
    access: "staff",
    summary: "A contact message's n-th attachment, as a download",
    // Anything unreadable is a 404 below, as a message that does not exist is.
    params: z.object({
      id: z.uuid().catch(""),
      n: z.coerce.number().int().min(1).max(CONTACT_MAX_FILES).catch(0),
    }),
    reply: attachmentFile,
    produces: "application/octet-stream",
  }),
};
