import type { FastifyInstance } from "fastify";
import { mountContract } from "../../http/operation";
import { listAuditLog } from "./audit";
import { auditContract } from "./contract";

export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  mountContract(app, "audit", auditContract, {
    listAuditLog: async (req) => listAuditLog(db, req.query.page, req.query.limit),
  });
}
