import type { FastifyInstance } from "fastify";
import { LIMITS } from "@core/constants";
import { translate } from "@core/i18n";
import { AppError } from "../../errors";
import { rateLimit } from "../../http/rate-limit";
import { saveImage } from "./save-image";
import { readOneFile, registerMultipart } from "../../http/multipart";

/** POST /api/uploads: one image in the multipart field `file`, answered with its WebP URLs. */
export async function mediaRoutes(app: FastifyInstance) {
  await registerMultipart(app);
  app.post(
    "/uploads",
    { config: { access: "user", rateLimit: rateLimit(app.deps.config, 30) } },
    async (req, reply) => {
      const file = await readOneFile(req, LIMITS.uploadMaxBytes, "catalogAdmin.uploadTooLarge");
      if (file?.fieldname !== "file") throw new AppError("bad_input", "catalogAdmin.uploadMissing");
      const buffer = file.content;
      if (buffer.length === 0) throw new AppError("bad_input", "catalogAdmin.uploadMissing");
      const saved = await saveImage(app.deps.storage.uploads, buffer);
      return reply.status(201).send({ ...saved, message: translate(req.lang, "catalogAdmin.imageUploaded") });
    },
  );
}
