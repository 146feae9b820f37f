import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LIMITS } from "@core/constants";
import { contactInput } from "@core/validation/contact";
import { translate } from "~/i18n";
import { AppError } from "../../errors";
import { rateLimit } from "../../http/rate-limit";
import { saveContactFile } from "./contact-files";
import { sendContactMessage } from "./send-message";
import { readOneFile, registerMultipart } from "../../http/multipart";

/** The contact form (SPEC §7 POST /sendmessage) and its attachment upload. */
export async function messageRoutes(app: FastifyInstance) {
  await registerMultipart(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.post(
    "/sendmessage",
    { config: { access: "public", rateLimit: rateLimit(deps.config, 5) }, schema: { body: contactInput } },
    async (req) => {
      await sendContactMessage(deps, req.body);
      return { message: translate(req.lang, "pages.contactSent") };
    },
  );

  r.post("/uploads/contact", { config: { access: "public", rateLimit: rateLimit(deps.config, 20) } }, async (req) => {
    const file = await readOneFile(req, LIMITS.contactFileMaxBytes, "pages.fileTooLarge");
    if (!file) throw new AppError("bad_input", "pages.fileRequired");
    return saveContactFile(deps.config, file.content, file.filename);
  });
}
