import { z } from "zod";
import { COLLECTIONS } from "@core/constants";

export const setActiveCollectionsInput = z.object({
  collections: z
    .array(z.enum(COLLECTIONS, { error: "pages.collectionUnknown" }), { error: "pages.collectionsRequired" })
    .max(COLLECTIONS.length * 2),
});
