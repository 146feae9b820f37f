import { z } from "zod";
import { COLLECTIONS, LIMITS } from "@core/constants";

export const setActiveCollectionsInput = z.object({
  collections: z
    .array(z.enum(COLLECTIONS, { error: "pages.collectionUnknown" }), { error: "pages.collectionsRequired" })
    .max(COLLECTIONS.length * 2),
});

export const auditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...LIMITS.pageSizes))
    .default(LIMITS.defaultPageSize),
});
