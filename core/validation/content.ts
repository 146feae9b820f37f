/** Banner (hero slide) and headline create forms of SPEC §5 and their API bodies. Messages are i18n keys. */
import { z } from "zod";

const optionalText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined)),
  z.string({ error: "validation.invalidInput" }).trim().max(1000, "validation.tooLong").optional(),
);

const required = (key: string, max = 1000) =>
  z.string({ error: key }).trim().min(1, key).max(max, "validation.tooLong");

/** A link is a path in the shop ("/shop?category=dresses") or an http(s) address. */
const link = required("catalogAdmin.bannerLinkRequired", 500).refine(
  (v) => v.startsWith("/") || /^https?:\/\/[^\s]+$/i.test(v),
  "catalogAdmin.bannerLinkInvalid",
);

export const bannerInput = z.object({
  title: required("catalogAdmin.bannerTitleRequired", 200),
  titleAr: optionalText,
  description: required("catalogAdmin.bannerDescriptionRequired"),
  descriptionAr: optionalText,
  buttonText: required("catalogAdmin.bannerButtonRequired", 60),
  buttonTextAr: optionalText,
  link,
  image: required("catalogAdmin.bannerImageRequired", 500),
});

export const headlineInput = z.object({
  title: required("catalogAdmin.headlineTitleRequired", 200),
  titleAr: optionalText,
  promotion: required("catalogAdmin.headlinePromotionRequired", 500),
  promotionAr: optionalText,
});

export type BannerInput = z.infer<typeof bannerInput>;
export type HeadlineInput = z.infer<typeof headlineInput>;
