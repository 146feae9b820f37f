/** Size guides (issue 15, part 6): one table per category, read by anyone, kept by staff. */
import { z } from "zod";
import { categoryParam, sizeGuideInput } from "@core/validation/size-guide";
import { defineOperation } from "../../http/operation";
import { sizeGuideDto } from "./size-guides";

export const sizeGuidesContract = {
  listSizeGuides: defineOperation({
    method: "GET",
    path: "/size-guides",
    access: "staff",
    summary: "Every category's size table, for the staff screen",
    reply: z.object({ sizeGuides: z.array(sizeGuideDto) }),
  }),
  getSizeGuide: defineOperation({
    method: "GET",
    path: "/size-guides/:category",
    access: "public",
    summary: "One category's size table (centimetres), as the product page's dialog shows it",
    params: categoryParam,
    reply: z.object({ sizeGuide: sizeGuideDto }),
  }),
  saveSizeGuide: defineOperation({
    method: "PUT",
    path: "/size-guides/:category",
    access: "staff",
    summary: "Creates or replaces one category's size table",
    params: categoryParam,
    body: sizeGuideInput,
    reply: z.object({ message: z.string(), sizeGuide: sizeGuideDto }),
  }),
  deleteSizeGuide: defineOperation({
    method: "DELETE",
    path: "/size-guides/:category",
    access: "staff",
    summary: "Removes one category's size table",
    params: categoryParam,
    reply: z.object({ message: z.string() }),
  }),
};
