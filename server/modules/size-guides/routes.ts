import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { mountContract } from "../../http/operation";
import { sizeGuidesContract } from "./contract";
import { deleteSizeGuide, getSizeGuide, listSizeGuides, saveSizeGuide } from "./size-guides";

export async function sizeGuideRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  mountContract(app, "sizeGuides", sizeGuidesContract, {
    listSizeGuides: async () => ({ sizeGuides: await listSizeGuides(db) }),
    getSizeGuide: async (req) => ({ sizeGuide: await getSizeGuide(db, req.params.category) }),
    saveSizeGuide: async (req) => ({
      message: translate(req.lang, "sizeGuides.saved"),
      sizeGuide: await saveSizeGuide(db, req.params.category, req.body),
    }),
    deleteSizeGuide: async (req) => {
      await deleteSizeGuide(db, req.params.category);
      return { message: translate(req.lang, "sizeGuides.deleted") };
    },
  });
}
