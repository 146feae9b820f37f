import { and, eq } from "drizzle-orm";
import type { Lang } from "@core/constants";
import type { AppDeps } from "../../deps";
import { backInStockSubscriptions, products } from "../../db/schema";
import { customerVisible } from "../catalog/read/visibility";
import { restockEmail } from "./restock-email";

export interface RestockedVariant {
  productId: string;
  size: string;
  color: string;
}

/**
 * Mails everyone waiting for a restocked size and colour, once each, and ends their subscriptions.
 * The rows are claimed with DELETE … RETURNING and their e-mails queued as jobs in the same
 * transaction (server/jobs): when two restocks race, each row is returned to one of them only, so no
 * address gets two e-mails, and a mail server that is down delays the e-mail (the job retries with
 * backoff) without losing it, even if the process dies. A product customers cannot see keeps its
 * waiting list for a later restock, since the link would lead nowhere. Returns how many were queued.
 */
export async function notifyRestockSubscribers(deps: AppDeps, variant: RestockedVariant): Promise<number> {
  const [product] = await deps.db
    .select({ id: products.id, name: products.name, nameAr: products.nameAr })
    .from(products)
    .where(and(eq(products.id, variant.productId), customerVisible()));
  if (!product) return 0;

  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .delete(backInStockSubscriptions)
      .where(
        and(
          eq(backInStockSubscriptions.productId, variant.productId),
          eq(backInStockSubscriptions.size, variant.size),
          eq(backInStockSubscriptions.color, variant.color),
        ),
      )
      .returning();
    for (const sub of claimed) {
      await deps.mailer.send(
        { to: sub.email, ...restockEmail(sub.lang as Lang, product, variant, deps.config.PUBLIC_URL) },
        { db: tx },
      );
    }
    return claimed.length;
  });
}
