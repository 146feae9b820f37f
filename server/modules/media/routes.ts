import type { FastifyInstance } from "fastify";
import { LIMITS } from "@core/constants";
import { translate } from "@core/i18n";
import { AppError } from "../../errors";
import { readOneFile, registerMultipart } from "../../http/multipart";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { mediaContract } from "./contract";
import { saveImage } from "./save-image";

/** POST /api/uploads: one image in the multipart field `file`, answered with its WebP URLs. */
export async function mediaRoutes(app: FastifyInstance) {
  await registerMultipart(app);

  mountContract(app, "media", mediaContract, {
    uploadImage: [
      async (req) => {
        // The parser's limits (size, parts, fields) are applied on this read (server/http/multipart.ts).
        const file = await readOneFile(req, LIMITS.uploadMaxBytes, "catalogAdmin.uploadTooLarge");
        if (file?.fieldname !== "file") throw new AppError("bad_input", "catalogAdmin.uploadMissing");
        if (file.content.length === 0) throw new AppError("bad_input", "catalogAdmin.uploadMissing");
        // saveImage sniffs the bytes: the file name and declared type are never trusted.
        const saved = await saveImage(app.deps.storage.uploads, file.content);
        return { ...saved, message: translate(req.lang, "catalogAdmin.imageUploaded") };
      },
      { config: { rateLimit: rateLimit(app.deps.config, 30) } },
    ],
  });
}
