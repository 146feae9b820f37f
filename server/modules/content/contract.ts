/** SPEC §7 "Banners and headlines" and "Posts": hero slides and headlines for staff, reviews for everyone. */
import { z } from "zod";
import { bannerInput, headlineInput } from "@core/validation/content";
import { postInput } from "@core/validation/post";
import { defineOperation } from "../../http/operation";
import { activeHeadlineDto, bannerAdminDto, headlineAdminDto, postDto } from "./content-dto";

const idParams = z.object({ id: z.string().max(100) });
/** {hidden} of the back-office lists; anything but true lists the live ones. */
const hiddenBody = z
  .object({ hidden: z.boolean().optional().catch(false) })
  .optional()
  .catch(undefined);
/** POST {active: false} deactivates too, so a toggle can use one call. */
const activeBody = z.object({ active: z.boolean().optional() }).optional().catch(undefined);

const bannerReply = z.object({ message: z.string(), promo: bannerAdminDto });
const headlineReply = z.object({ message: z.string(), headline: headlineAdminDto });

export const contentContract = {
  listBanners: defineOperation({
    method: "POST",
    path: "/getpromos",
    access: "staff",
    summary: "The hero slides, newest first: the deleted ones with {hidden: true}, the others otherwise",
    body: hiddenBody,
    reply: z.array(bannerAdminDto),
  }),
  createBanner: defineOperation({
    method: "POST",
    path: "/promos",
    access: "staff",
    summary: "Creates a hero slide, inactive until staff switch it on",
    body: bannerInput,
    reply: bannerReply,
    status: 201,
  }),
  // Static before parametric: "active" and "restore" are never read as ids.
  activateBanner: defineOperation({
    method: "POST",
    path: "/promos/active/:id",
    access: "staff",
    summary: "Switches a hero slide on, or off with {active: false}",
    params: idParams,
    body: activeBody,
    reply: bannerReply,
  }),
  deactivateBanner: defineOperation({
    method: "DELETE",
    path: "/promos/active/:id",
    access: "staff",
    summary: "Switches a hero slide off",
    params: idParams,
    reply: bannerReply,
  }),
  restoreBanner: defineOperation({
    method: "POST",
    path: "/promos/restore/:id",
    access: "staff",
    summary: "Brings a deleted hero slide back (inactive as it was)",
    params: idParams,
    reply: bannerReply,
  }),
  deleteBanner: defineOperation({
    method: "DELETE",
    path: "/promos/:id",
    access: "staff",
    summary: "Deletes a hero slide softly: it moves to the deleted list",
    params: idParams,
    reply: bannerReply,
  }),

  activeHeadlines: defineOperation({
    method: "GET",
    path: "/headlines/active",
    access: "public",
    summary: "The headline bar: active headlines in the reader's language, oldest first",
    reply: z.array(activeHeadlineDto),
  }),
  listHeadlines: defineOperation({
    method: "POST",
    path: "/getheadlines",
    access: "staff",
    summary: "The headlines, newest first: the deleted ones with {hidden: true}, the others otherwise",
    body: hiddenBody,
    reply: z.array(headlineAdminDto),
  }),
  createHeadline: defineOperation({
    method: "POST",
    path: "/headlines",
    access: "staff",
    summary: "Creates a headline, inactive until staff switch it on",
    body: headlineInput,
    reply: headlineReply,
    status: 201,
  }),
  activateHeadline: defineOperation({
    method: "POST",
    path: "/headlines/active/:id",
    access: "staff",
    summary: "Switches a headline on, or off with {active: false}",
    params: idParams,
    body: activeBody,
    reply: headlineReply,
  }),
  deactivateHeadline: defineOperation({
    method: "DELETE",
    path: "/headlines/active/:id",
    access: "staff",
    summary: "Switches a headline off",
    params: idParams,
    reply: headlineReply,
  }),
  restoreHeadline: defineOperation({
    method: "POST",
    path: "/headlines/restore/:id",
    access: "staff",
    summary: "Brings a deleted headline back (inactive as it was)",
    params: idParams,
    reply: headlineReply,
  }),
  deleteHeadline: defineOperation({
    method: "DELETE",
    path: "/headlines/:id",
    access: "staff",
    summary: "Deletes a headline softly: it moves to the deleted list",
    params: idParams,
    reply: headlineReply,
  }),

  listPosts: defineOperation({
    method: "GET",
    path: "/posts",
    access: "public",
    summary: "The newest community reviews (a bare list: decision 142)",
    reply: z.array(postDto),
  }),
  createPost: defineOperation({
    method: "POST",
    path: "/posts",
    access: "user",
    summary: "A signed-in customer's review; its images must be uploads of this shop",
    body: postInput,
    reply: z.object({ post: postDto }),
    status: 201,
  }),
  deletePost: defineOperation({
    method: "DELETE",
    path: "/posts/:id",
    access: "admin",
    summary: "Removes a review from view (the row stays for the audit trail)",
    params: idParams,
    reply: z.object({ message: z.string() }),
  }),
};
