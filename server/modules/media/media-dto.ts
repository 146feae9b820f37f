/** The media module's reply: an uploaded image's addresses, one WebP per stored width. */
import { z } from "zod";

export const savedImageDto = z.object({
  /** The middle width (800), for a plain `src`. */
  url: z.string(),
  /** Every width (400, 800, 1600), for `srcset`. */
  urls: z.object({ 400: z.string(), 800: z.string(), 1600: z.string() }),
});
export type SavedImage = z.infer<typeof savedImageDto>;
