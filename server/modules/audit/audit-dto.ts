import { z } from "zod";
import { LIMITS } from "@core/constants";

/** One row of the audit trail as the back office reads it (dates as ISO strings). */
export const auditEntryDto = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntryDto>;

/** A page of the trail, newest first. */
export const auditPageDto = z.object({
  entries: z.array(auditEntryDto),
  totalPages: z.number(),
  total: z.number(),
});
export type AuditPage = z.infer<typeof auditPageDto>;

export const auditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...LIMITS.pageSizes))
    .default(LIMITS.defaultPageSize),
});
