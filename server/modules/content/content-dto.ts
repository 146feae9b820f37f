/** The content module's replies (SPEC §7 "Banners and headlines", "Posts"), as zod schemas. */
import { z } from "zod";

/** A hero slide as the storefront shows it, in the reader's language where staff gave one. */
export const bannerDto = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  buttonText: z.string(),
  image: z.string(),
  hidden: z.boolean(),
  active: z.boolean(),
});
export type BannerDTO = z.infer<typeof bannerDto>;

/** A banner as the back office edits it: both languages. */
export const bannerAdminDto = bannerDto.extend({
  titleAr: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  buttonTextAr: z.string().nullable(),
  createdAt: z.string(),
});
export type BannerAdminDTO = z.infer<typeof bannerAdminDto>;

export const headlineAdminDto = z.object({
  _id: z.string(),
  title: z.string(),
  titleAr: z.string().nullable(),
  promotion: z.string(),
  promotionAr: z.string().nullable(),
  hidden: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type HeadlineAdminDTO = z.infer<typeof headlineAdminDto>;

/** A headline as the bar shows it, in the reader's language. */
export const activeHeadlineDto = z.object({ _id: z.string(), title: z.string(), promotion: z.string() });
export type ActiveHeadline = z.infer<typeof activeHeadlineDto>;

/** A community review. */
export const postDto = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  stars: z.number(),
  images: z.array(z.string()),
  createdAt: z.string(),
});
export type PostDTO = z.infer<typeof postDto>;
