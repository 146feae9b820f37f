import { and, eq, type SQL } from "drizzle-orm";
import { products } from "../../../db/schema";

/** What a customer may ever see: approved and not deleted (DESIGN.md §5). */
export const customerVisible = (): SQL => and(eq(products.status, "approved"), eq(products.hidden, false))!;
