import type { FastifyInstance, FastifyReply } from "fastify";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { documentsContract } from "./contract";
import { invoiceForGuest, invoiceForUser, slipsAndLabels, type PdfFile } from "./documents";

/** A download: the browser saves it under its name; personal data, so nothing keeps a copy. */
const sendPdf = (reply: FastifyReply, file: PdfFile) =>
  reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "private, no-store")
    .send(file.pdf);

export async function documentRoutes(app: FastifyInstance) {
  const deps = app.deps;
  mountContract(app, "documents", documentsContract, {
    downloadInvoice: async (req, reply) =>
      sendPdf(reply, await invoiceForUser(deps.db, req.params.id, await requireUser(req), req.lang)),
    // Rate-limited like the tracking lookup: the number and phone must not be guessable by trying.
    downloadGuestInvoice: [
      async (req, reply) => sendPdf(reply, await invoiceForGuest(deps.db, req.body, req.lang)),
      { config: { rateLimit: rateLimit(deps.config, 20) } },
    ],
    downloadSlipsAndLabels: async (req, reply) =>
      sendPdf(reply, await slipsAndLabels(deps.db, req.query.ids, req.lang)),
  });
}
