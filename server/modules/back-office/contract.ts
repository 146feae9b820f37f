/** The back office's own operations: analytics (SPEC §7), active collections, products and orders as CSV. */
import { z } from "zod";
import { defineOperation } from "../../http/operation";
import { adminAnalyticsDto, importReportDto, moderatorAnalyticsDto } from "./back-office-dto";
import { setActiveCollectionsInput } from "./schemas";

/** A CSV file, streamed as text/csv (an attachment); no JSON schema checks it. */
const csvFile = z.string();

export const backOfficeContract = {
  moderatorAnalytics: defineOperation({
    method: "GET",
    path: "/moderator/analytics",
    access: "staff",
    summary: "The moderator dashboard: products, orders, revenue and their series",
    reply: moderatorAnalyticsDto,
  }),
  adminAnalytics: defineOperation({
    method: "GET",
    path: "/admin/analytics",
    access: "admin",
    summary: "The admin dashboard: users, orders per day, active collections",
    reply: adminAnalyticsDto,
  }),
  setActiveCollections: defineOperation({
    method: "POST",
    path: "/admin/set-active-collections",
    access: "admin",
    summary: "Chooses the collections the shop shows",
    body: setActiveCollectionsInput,
    reply: z.object({ message: z.string(), activeCollections: z.array(z.string()) }),
  }),
  exportProducts: defineOperation({
    method: "GET",
    path: "/admin/export/products.csv",
    access: "staff",
    summary: "Every product as a CSV spreadsheet",
    reply: csvFile,
  }),
  exportOrders: defineOperation({
    method: "GET",
    path: "/admin/export/orders.csv",
    access: "staff",
    summary: "Every order as a CSV spreadsheet",
    reply: csvFile,
  }),
  importProducts: defineOperation({
    method: "POST",
    path: "/admin/import/products",
    access: "staff",
    summary: "Creates and updates products from a CSV upload (field `file`)",
    multipart: true,
    reply: importReportDto.extend({ message: z.string() }),
  }),
};
