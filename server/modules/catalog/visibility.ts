import { and, eq, type SQL } from "drizzle-orm";
import { products } from "../../db/schema";
import type { SessionUser } from "../accounts/sessions";

export const isStaff = (viewer: SessionUser | null | undefined): boolean =>
  viewer?.role === "moderator" || viewer?.role === "admin";

/** What a customer may ever see: approved and not deleted (DESIGN.md §5). */
export const customerVisible = (): SQL => and(eq(products.status, "approved"), eq(products.hidden, false))!;
