import { sql, type SQL } from "drizzle-orm";
import { products } from "../../../db/schema";

/**
 * What a customer may ever see: approved and not deleted (DESIGN.md §5). Written with its values
 * in the SQL, not bound: a prepared listing's generic plan can then use the partial indexes on
 * discounted products, whose predicate repeats them (decision 361).
 */
export const customerVisible = (): SQL => approvedAndHidden(false);

/** Approved products, deleted (`hidden`) or not: the staff's two views, literal for the same reason. */
export const approvedAndHidden = (hidden: boolean): SQL =>
  sql`(${products.status} = 'approved' and ${products.hidden} = ${sql.raw(hidden ? "true" : "false")})`;
