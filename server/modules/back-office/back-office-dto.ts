import { z } from "zod";

const namedValue = z.object({ name: z.string(), value: z.number() });
const dayCount = z.object({ date: z.string(), count: z.number() });

/** The moderator dashboard (SPEC §7): money in EGP, series of the last 30 shop days. */
export const moderatorAnalyticsDto = z.object({
  totalProducts: z.number(),
  hiddenProducts: z.number(),
  totalOrders: z.number(),
  totalRevenue: z.number(),
  ordersThisMonth: z.number(),
  averageOrderValue: z.number(),
  topCategories: z.array(namedValue),
  /** nameAr: the Arabic name where staff gave one, for the Arabic dashboard. */
  mostSoldProducts: z.array(
    z.object({ name: z.string(), nameAr: z.string().nullable(), sales: z.number(), _id: z.string() }),
  ),
  lowStockProducts: z.array(
    z.object({
      name: z.string(),
      nameAr: z.string().nullable(),
      images: z.array(z.string()),
      /** The pair's own stock (issue 15). */
      stock: z.number(),
      size: z.string(),
      color: z.string(),
      sku: z.string(),
      _id: z.string(),
    }),
  ),
  refundAmountsOverTime: z.array(z.object({ date: z.string(), amount: z.number() })),
  revenueOverTime: z.array(z.object({ date: z.string(), revenue: z.number() })),
  topPaymentMethods: z.array(namedValue),
  /**
   * Cash on delivery over the orders placed in the series' 30 days (issue 16, decision 293):
   * confirmed of those that needed confirming, and refused at the door of those shipped. A rate is
   * a fraction (0–1), null while its denominator is 0.
   */
  codRates: z.object({
    confirmationRate: z.number().nullable(),
    confirmed: z.number(),
    needingConfirmation: z.number(),
    refusalRate: z.number().nullable(),
    refused: z.number(),
    shipped: z.number(),
  }),
  /** Percent of delivered orders with a return or exchange asked (not rejected), one decimal (issue 17). */
  returnRate: z.number(),
  /** Return requests per reason key (returns.reason.*), most first. */
  topReturnReasons: z.array(namedValue),
});
export type ModeratorAnalytics = z.infer<typeof moderatorAnalyticsDto>;

/** The admin dashboard: people, orders per day and the collections on show. */
export const adminAnalyticsDto = z.object({
  totalUsers: z.number(),
  totalUsersThisMonth: z.number(),
  usersOverTimeDate: z.array(dayCount),
  ordersOverTimeDate: z.array(dayCount),
  totalActiveCollections: z.number(),
  activeCollections: z.array(z.string()),
  categoryCount: z.number(),
  collectionCount: z.number(),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsDto>;

export const importedRowDto = z.object({ row: z.number(), code: z.string(), _id: z.string() });
export type ImportedRow = z.infer<typeof importedRowDto>;
export const refusedRowDto = z.object({ row: z.number(), code: z.string(), reasons: z.array(z.string()) });
export type RefusedRow = z.infer<typeof refusedRowDto>;
/** A row whose previousStock no longer matches the stored stock (stock: as it is now); nothing of it was written. */
export const conflictRowDto = z.object({ row: z.number(), code: z.string(), stock: z.number() });
export type ConflictRow = z.infer<typeof conflictRowDto>;

export const importReportDto = z.object({
  created: z.array(importedRowDto),
  updated: z.array(importedRowDto),
  /** Every row not written, conflicts included, with its reasons. */
  refused: z.array(refusedRowDto),
  /** The refused rows whose stock changed since the export (decision 115). */
  conflicts: z.array(conflictRowDto),
});
export type ImportReport = z.infer<typeof importReportDto>;
