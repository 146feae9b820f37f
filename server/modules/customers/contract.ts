/** Blocking phones and e-mails from cash on delivery (issue 16): staff only. */
import { z } from "zod";
import { customerBlockInput } from "@core/validation/customers";
import { defineOperation } from "../../http/operation";
import { customerBlockDto } from "./customer-dto";

export const customersContract = {
  listCustomerBlocks: defineOperation({
    method: "GET",
    path: "/moderator/customer-blocks",
    access: "staff",
    summary: "The phones and e-mails blocked from cash on delivery, newest first",
    reply: z.object({ blocks: z.array(customerBlockDto) }),
  }),
  blockCustomer: defineOperation({
    method: "POST",
    path: "/moderator/customer-blocks",
    access: "staff",
    summary: "Blocks a phone number or e-mail (in any writing of it) from cash on delivery, with a note",
    body: customerBlockInput,
    reply: z.object({ message: z.string(), block: customerBlockDto }),
    status: 201,
  }),
  unblockCustomer: defineOperation({
    method: "DELETE",
    path: "/moderator/customer-blocks/:id",
    access: "staff",
    summary: "Lifts a block",
    params: z.object({ id: z.string() }),
    reply: z.object({ message: z.string() }),
  }),
};
