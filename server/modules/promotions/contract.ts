/** SPEC §7 Discounts (staff only) and promo codes (staff manage them; anyone checks one at checkout). */
import { z } from "zod";
import { discountInput } from "@core/validation/discount";
import { promoCodeInput } from "@core/validation/promo-code";
import { defineOperation } from "../../http/operation";
import { discountTargetParams } from "./discount-target";
import { discountDto, promoCodeDto } from "./promotions-dto";

const message = z.object({ message: z.string() });

export const promotionsContract = {
  saveDiscount: defineOperation({
    method: "POST",
    path: "/discounts",
    access: "staff",
    summary: "Sets the discount of one category, collection or product (replacing its previous one)",
    body: discountInput,
    reply: message.extend({ discount: discountDto }),
    status: 201,
  }),
  listDiscounts: defineOperation({
    method: "GET",
    path: "/alldiscounts",
    access: "staff",
    summary: "Every discount, newest first",
    reply: z.object({ discounts: z.array(discountDto) }),
  }),
  findDiscount: defineOperation({
    method: "GET",
    path: "/discounts/:kind/:value",
    access: "staff",
    summary: "The discount of one category, collection or product; 404 when it has none",
    params: discountTargetParams,
    reply: discountDto,
  }),
  removeDiscount: defineOperation({
    method: "DELETE",
    path: "/discounts/:kind/:value",
    access: "staff",
    summary: "Removes the discount of one category, collection or product",
    params: discountTargetParams,
    reply: message,
  }),

  listPromoCodes: defineOperation({
    method: "GET",
    path: "/promocodes",
    access: "staff",
    summary: "Every promo code with its uses",
    reply: z.object({ promoCodes: z.array(promoCodeDto) }),
  }),
  checkPromoCode: defineOperation({
    method: "GET",
    path: "/promocodes/:code",
    access: "public",
    summary: "Checks a promo code at checkout (advisory: the order takes a use in its own transaction)",
    params: z.object({ code: z.string().max(64) }),
    reply: message.extend({ code: z.string(), discountValue: z.number() }),
  }),
  createPromoCode: defineOperation({
    method: "POST",
    path: "/promocodes",
    access: "staff",
    summary: "Creates a promo code: a percent off the items, a usage limit and an expiry",
    body: promoCodeInput,
    reply: message.extend({ promoCode: promoCodeDto }),
    status: 201,
  }),
  deletePromoCode: defineOperation({
    method: "DELETE",
    path: "/promocodes/:id",
    access: "staff",
    summary: "Deletes a promo code",
    params: z.object({ id: z.string().max(100) }),
    reply: message,
  }),
};
