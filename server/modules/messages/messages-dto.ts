/** The contact module's replies, as zod schemas. */
import { z } from "zod";

/** An uploaded attachment; `url` is what the form sends back in `files` (docs/decisions/022). */
export const contactUploadDto = z.object({
  id: z.string(),
  /** The same id: a reference, not an address anyone can open. */
  url: z.string(),
});
export type ContactUploadDTO = z.infer<typeof contactUploadDto>;
