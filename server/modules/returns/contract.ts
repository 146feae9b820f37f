/** Returns and exchanges (issue 17): the customer's request and the staff's steps. */
import { z } from "zod";
import {
  RETURN_MAX_PHOTOS,
  refundReturnInput,
  rejectReturnInput,
  returnIdParams,
  RETURN_STATE_VALUES,
  returnLookupInput,
} from "@core/validation/returns";
import { defineOperation } from "../../http/operation";
import { returnOptionsDto, staffReturnListDto, staffReturnReplyDto } from "./returns-dto";

/** An unknown state reads as no filter, as a stale link would. */
export const staffReturnsQuery = z.object({
  state: z.enum(RETURN_STATE_VALUES).optional().catch(undefined),
});

const photoFile = z.string().meta({ format: "binary", description: "A return photo (WebP)" });

export const returnsContract = {
  returnOptions: defineOperation({
    method: "POST",
    path: "/returns/options",
    access: "public",
    summary:
      "What may be returned or exchanged from a delivered order (the owner signed in, or anyone with the order's phone or e-mail); 409 after 14 days",
    body: returnLookupInput,
    reply: returnOptionsDto,
  }),
  requestReturn: defineOperation({
    method: "POST",
    path: "/returns",
    access: "public",
    summary: `Asks to return or exchange lines of a delivered order: the JSON request in the multipart field \`request\`, up to ${RETURN_MAX_PHOTOS} photos in \`photos\``,
    multipart: true,
    reply: z.object({ message: z.string(), id: z.string(), orderNumber: z.string() }),
    status: 201,
  }),
  listReturns: defineOperation({
    method: "GET",
    path: "/moderator/returns",
    access: "staff",
    summary: "Return and exchange requests, newest first, optionally in one state",
    query: staffReturnsQuery,
    reply: staffReturnListDto,
  }),
  returnPhoto: defineOperation({
    method: "GET",
    path: "/moderator/returns/:id/photos/:n",
    access: "staff",
    summary: "A request's n-th photo (from 1)",
    params: z.object({
      id: z.uuid().catch(""),
      n: z.coerce.number().int().min(1).max(RETURN_MAX_PHOTOS).catch(0),
    }),
    reply: photoFile,
    produces: "application/octet-stream",
  }),
  approveReturn: defineOperation({
    method: "PUT",
    path: "/moderator/returns/:id/approve",
    access: "staff",
    summary: "Approves an open request; an exchange reserves its pairs and ships as a no-charge order",
    params: returnIdParams,
    reply: staffReturnReplyDto,
  }),
  rejectReturn: defineOperation({
    method: "PUT",
    path: "/moderator/returns/:id/reject",
    access: "staff",
    summary: "Rejects an open request with a reason (the lines may be asked for again)",
    params: returnIdParams,
    body: rejectReturnInput,
    reply: staffReturnReplyDto,
  }),
  receiveReturn: defineOperation({
    method: "PUT",
    path: "/moderator/returns/:id/receive",
    access: "staff",
    summary: "Marks an approved request's units received: they go back to their size and colour's stock",
    params: returnIdParams,
    reply: staffReturnReplyDto,
  }),
  refundReturn: defineOperation({
    method: "PUT",
    path: "/moderator/returns/:id/refund",
    access: "staff",
    summary: "Marks a received refund request refunded: the amount (EGP, at most what the lines were paid) and the way",
    params: returnIdParams,
    body: refundReturnInput,
    reply: staffReturnReplyDto,
  }),
};
