/**
 * The back office's own API: analytics (SPEC §7), the active collections picker, the audit trail,
 * and products and orders as spreadsheets.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { Readable } from "node:stream";
import { translate } from "@core/i18n";
import { AppError } from "../../errors";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { getAdminAnalytics, getModeratorAnalytics } from "./analytics";
import { exportOrdersCsv, exportProductsCsv } from "./export-csv";
import { importProductsCsv } from "./import-products";
import { backOfficeContract } from "./contract";
import { setActiveCollections } from "./set-active-collections";
import { readOneFile, registerMultipart } from "../../http/multipart";

/** A product CSV is text; 5 MB holds tens of thousands of rows. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

function sendCsv(reply: FastifyReply, name: string, rows: AsyncGenerator<string>) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}-${day}.csv"`)
    .header("cache-control", "no-store")
    .send(Readable.from(rows));
}

export async function backOfficeRoutes(app: FastifyInstance) {
  await registerMultipart(app);
  const { deps } = app;

  mountContract(app, "back-office", backOfficeContract, {
    moderatorAnalytics: async () => getModeratorAnalytics(deps.db),
    adminAnalytics: async () => getAdminAnalytics(deps.db),
    setActiveCollections: async (req) => {
      const active = await setActiveCollections(deps.db, req.body.collections, await requireUser(req));
      return { message: translate(req.lang, "pages.activeCollectionsSaved"), activeCollections: active };
    },
    exportProducts: async (_req, reply) => sendCsv(reply, "products", exportProductsCsv(deps.db)),
    exportOrders: async (_req, reply) => sendCsv(reply, "orders", exportOrdersCsv(deps.db)),
    importProducts: async (req) => {
      const actor = await requireUser(req);
      const file = await readOneFile(req, IMPORT_MAX_BYTES, "pages.importTooLarge");
      if (!file) throw new AppError("bad_input", "pages.importFileRequired");
      const { content } = file;
      const report = await importProductsCsv(deps, content.toString("utf8"), actor, req.lang);
      return {
        message: translate(req.lang, "pages.importDone", {
          created: report.created.length,
          updated: report.updated.length,
          refused: report.refused.length,
        }),
        ...report,
      };
    },
  });
}
