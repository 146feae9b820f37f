import type { FastifyInstance } from "fastify";
import { LIMITS } from "@core/constants";
import { translate } from "@core/i18n";
import { AppError, notFound } from "../../errors";
import { readOneFile, registerMultipart } from "../../http/multipart";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { attachmentStore } from "./attachment-store";
import {
  CONTACT_UPLOAD_LIMITS,
  readMessageAttachment,
  saveContactFile,
  sweepUnclaimedAttachments,
} from "./contact-files";
import { messagesContract } from "./contract";
import { sendContactMessage } from "./send-message";

/** The contact form, its attachment upload, and staff's download of them (contract.ts). */
export async function messageRoutes(app: FastifyInstance) {
  await registerMultipart(app);
  const { deps } = app;
  const store = attachmentStore(deps.storage.private);

  // Unclaimed uploads go within the hour even when nobody uploads again; the timer never keeps the process alive.
  const sweep = setInterval(() => {
    sweepUnclaimedAttachments(deps.db, store).catch((err: unknown) =>
      app.log.warn({ err }, "contact attachment sweep failed"),
    );
  }, CONTACT_UPLOAD_LIMITS.sweepEveryMs);
  sweep.unref();
  app.addHook("onClose", async () => clearInterval(sweep));

  // A hundred anonymous 5 MB uploads at once would hold half a gigabyte: the rest wait outside.
  let reading = 0;

  mountContract(app, "messages", messagesContract, {
    sendMessage: [
      async (req) => {
        await sendContactMessage(deps, store, req.body);
        return { message: translate(req.lang, "pages.contactSent") };
      },
      { config: { rateLimit: rateLimit(deps.config, 5) } },
    ],
    uploadContactFile: [
      async (req) => {
        if (reading >= CONTACT_UPLOAD_LIMITS.inFlight) throw new AppError("rate_limited", "pages.contactUploadsBusy");
        reading++;
        try {
          const file = await readOneFile(req, LIMITS.contactFileMaxBytes, "pages.fileTooLarge");
          if (!file) throw new AppError("bad_input", "pages.fileRequired");
          // saveContactFile detects the type from the content (server/modules/messages/file-types.ts).
          const saved = await saveContactFile(deps.db, store, {
            content: file.content,
            clientName: file.filename,
            clientAddress: req.ip,
          });
          return { id: saved.id, url: saved.id };
        } finally {
          reading--;
        }
      },
      { config: { rateLimit: rateLimit(deps.config, 20) } },
    ],
    downloadAttachment: async (req, reply) => {
      const { id, n } = req.params;
      const file = id && n ? await readMessageAttachment(deps.db, store, id, n) : null;
      if (!file) throw notFound();
      return reply
        .header("content-type", file.mime)
        .header("content-disposition", `attachment; filename="attachment-${n}.${file.ext}"`)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(file.content);
    },
  });
}
