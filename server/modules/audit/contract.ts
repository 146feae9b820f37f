/** The audit trail's one operation: admins read who did what (issue 5, item 4). */
import { defineOperation } from "../../http/operation";
import { auditLogQuery, auditPageDto } from "./audit-dto";

export const auditContract = {
  listAuditLog: defineOperation({
    method: "GET",
    path: "/admin/audit-log",
    access: "admin",
    summary: "The audit trail, newest first, a page at a time",
    query: auditLogQuery,
    reply: auditPageDto,
  }),
};
