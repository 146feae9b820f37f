/** The per-city shipping operations (SPEC §7 shipping): the public list and the staff editor. */
import { z } from "zod";
import { additionalCostInput, shippingOptionInput } from "@core/validation/shipping";
import { defineOperation } from "../../http/operation";
import { shippingOptionDto } from "./shipping-options";

const idParams = z.object({ id: z.string() });
const savedOption = z.object({ message: z.string(), shippingOption: shippingOptionDto });

export const shippingContract = {
  listShippingOptions: defineOperation({
    method: "GET",
    path: "/shipping",
    access: "public",
    summary: "Every city's fee and delivery estimate, the default city first",
    reply: z.array(shippingOptionDto),
  }),
  saveShippingOption: defineOperation({
    method: "POST",
    path: "/shipping",
    access: "staff",
    summary: "Adds a city (or updates the city of the same name)",
    body: shippingOptionInput,
    reply: savedOption,
    status: 201,
  }),
  // Static before parametric: "additional" is never taken for an id.
  applyAdditionalCost: defineOperation({
    method: "PUT",
    path: "/shipping/additional",
    access: "staff",
    summary: "Sets the additional cost of the given cities",
    body: additionalCostInput,
    reply: z.object({ message: z.string(), count: z.number() }),
  }),
  updateShippingOption: defineOperation({
    method: "PUT",
    path: "/shipping/:id",
    access: "staff",
    summary: "Changes one city's fee, estimate or names",
    params: idParams,
    body: shippingOptionInput,
    reply: savedOption,
  }),
  deleteShippingOption: defineOperation({
    method: "DELETE",
    path: "/shipping/:id",
    access: "staff",
    summary: "Removes one city",
    params: idParams,
    reply: z.object({ message: z.string() }),
  }),
};
