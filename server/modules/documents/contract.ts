/** Printed documents as PDF (issue 17 §4): the order's invoice, and the staff's slips and labels. */
import { z } from "zod";
import { guestInvoiceInput, orderIdParams, printOrdersQuery } from "@core/validation/documents";
import { defineOperation } from "../../http/operation";

/** The reply is the PDF's bytes, not JSON (`produces`). */
const pdfFile = z.string().meta({ format: "binary", description: "A PDF file" });

export const documentsContract = {
  downloadInvoice: defineOperation({
    method: "GET",
    path: "/documents/orders/:id/invoice",
    access: "user",
    summary: "The order's invoice as PDF, in the caller's language: for its owner, or staff for any order",
    params: orderIdParams,
    reply: pdfFile,
    produces: "application/pdf",
  }),
  downloadGuestInvoice: defineOperation({
    method: "POST",
    path: "/documents/invoice/guest",
    access: "public",
    summary: "The invoice as PDF for a guest with the order number and the order's phone",
    body: guestInvoiceInput,
    reply: pdfFile,
    produces: "application/pdf",
  }),
  downloadSlipsAndLabels: defineOperation({
    method: "GET",
    path: "/documents/slips-and-labels",
    access: "staff",
    summary: "Packing slips then shipping labels (Code 128, cash to collect) for up to 50 orders, one PDF",
    query: printOrdersQuery,
    reply: pdfFile,
    produces: "application/pdf",
  }),
};
