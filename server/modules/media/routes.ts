import type { FastifyInstance } from "fastify";
import { LIMITS } from "@core/constants";
import { translate } from "~/i18n";
import { AppError } from "../../errors";
import { rateLimit } from "../../http/rate-limit";
import { saveImage } from "./save-image";
import { registerMultipart } from "../../http/multipart";

/** POST /api/uploads: one image in the multipart field `file`, answered with its WebP URLs. */
export async function mediaRoutes(app: FastifyInstance) {
  await registerMultipart(app);
  app.post("/uploads", { config: { access: "user", rateLimit: rateLimit(app.deps.config, 30) } }, async (req, reply) => {
    if (!req.isMultipart()) throw new AppError("bad_input", "catalogAdmin.uploadMissing");
    const file = await req.file({ limits: { fileSize: LIMITS.uploadMaxBytes, files: 1 } });
    if (!file || file.fieldname !== "file") throw new AppError("bad_input", "catalogAdmin.uploadMissing");
    let buffer: Buffer;
    try {
      buffer = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("too_large", "catalogAdmin.uploadTooLarge");
      throw err;
    }
    if (buffer.length === 0) throw new AppError("bad_input", "catalogAdmin.uploadMissing");
    const saved = await saveImage(app.deps.config.uploadsDir, buffer);
    return reply.status(201).send({ ...saved, message: translate(req.lang, "catalogAdmin.imageUploaded") });
  });
}
