/** The community review form of SPEC §5 and POST /api/posts. Messages are i18n keys. */
import { z } from "zod";
import { LIMITS } from "../constants";

export const postInput = z.object({
  name: z
    .string({ error: "catalogAdmin.postNameRequired" })
    .trim()
    .min(1, "catalogAdmin.postNameRequired")
    .max(80, "validation.tooLong"),
  description: z
    .string({ error: "catalogAdmin.postTextRequired" })
    .trim()
    .min(1, "catalogAdmin.postTextRequired")
    .max(2000, "catalogAdmin.postTextTooLong"),
  stars: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ error: "catalogAdmin.starsRequired" })
      .int("catalogAdmin.starsRequired")
      .min(1, "catalogAdmin.starsRequired")
      .max(5, "catalogAdmin.starsRequired"),
  ),
  images: z
    .array(
      z
        .string({ error: "catalogAdmin.imageNotFound" })
        .trim()
        .min(1, "catalogAdmin.imageNotFound")
        .max(500, "catalogAdmin.imageNotFound"),
    )
    .max(LIMITS.postMaxImages, "catalogAdmin.postMaxImages")
    .optional()
    .default([]),
});

export type PostInput = z.infer<typeof postInput>;
