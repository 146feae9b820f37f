import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LIMITS } from "@core/constants";
import { contactInput, CONTACT_MAX_FILES } from "@core/validation/contact";
import { translate } from "@core/i18n";
import { AppError, notFound } from "../../errors";
import { rateLimit } from "../../http/rate-limit";
import { readOneFile, registerMultipart } from "../../http/multipart";
import { attachmentStore } from "./attachment-store";
import {
  CONTACT_UPLOAD_LIMITS,
  readMessageAttachment,
  saveContactFile,
  sweepUnclaimedAttachments,
} from "./contact-files";
import { sendContactMessage } from "./send-message";

/** The contact form (SPEC §7 POST /sendmessage), its attachment upload, and staff's download of them. */
export async function messageRoutes(app: FastifyInstance) {
  await registerMultipart(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
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

  r.post(
    "/sendmessage",
    { config: { access: "public", rateLimit: rateLimit(deps.config, 5) }, schema: { body: contactInput } },
    async (req) => {
      await sendContactMessage(deps, store, req.body);
      return { message: translate(req.lang, "pages.contactSent") };
    },
  );

  // A hundred anonymous 5 MB uploads at once would hold half a gigabyte: the rest wait outside.
  let reading = 0;
  r.post("/uploads/contact", { config: { access: "public", rateLimit: rateLimit(deps.config, 20) } }, async (req) => {
    if (reading >= CONTACT_UPLOAD_LIMITS.inFlight) throw new AppError("rate_limited", "pages.contactUploadsBusy");
    reading++;
    try {
      const file = await readOneFile(req, LIMITS.contactFileMaxBytes, "pages.fileTooLarge");
      if (!file) throw new AppError("bad_input", "pages.fileRequired");
      const saved = await saveContactFile(deps.db, store, {
        content: file.content,
        clientName: file.filename,
        clientAddress: req.ip,
      });
      // `url` is what the form sends back in `files`: a reference, not an address anyone can open.
      return { id: saved.id, url: saved.id };
    } finally {
      reading--;
    }
  });

  r.get(
    "/messages/:id/attachments/:n",
    {
      config: { access: "staff" },
      schema: {
        params: z.object({ id: z.uuid().catch(""), n: z.coerce.number().int().min(1).max(CONTACT_MAX_FILES).catch(0) }),
      },
    },
    async (req, reply) => {
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
  );
}
