/** Back-in-stock alerts (issue 15, part 5): the public sign-up and the staff's waiting counts. */
import { z } from "zod";
import { backInStockInput } from "@core/validation/back-in-stock";
import { uuidField } from "@core/validation/fields";
import { defineOperation } from "../../http/operation";
import { waitingVariantDto } from "./waiting-counts";

export const backInStockContract = {
  subscribeToRestock: defineOperation({
    method: "POST",
    path: "/back-in-stock",
    access: "public",
    summary: "Leaves an e-mail address to be told once when a sold-out size and colour is back",
    body: backInStockInput,
    reply: z.object({ message: z.string() }),
    status: 201,
  }),
  listWaitingCounts: defineOperation({
    method: "GET",
    path: "/back-in-stock/waiting",
    access: "staff",
    summary: "How many addresses wait for each sold-out size and colour, most awaited first",
    query: z.object({ productId: uuidField("alerts.productInvalid").optional() }),
    reply: z.object({ variants: z.array(waitingVariantDto) }),
  }),
};
