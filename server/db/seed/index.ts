import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { products } from "../schema";
import { seedReference, seedShipping } from "./reference";
import { ensureAdmin } from "./admin";
import { seedDemo } from "./demo";
import { seedDemoHistory } from "./demo-history";

export async function seedOnStart(deps: AppDeps) {
  await seedReference(deps.db);
  await seedShipping(deps.db);
  await ensureAdmin(deps);
  const [{ count }] = (await deps.db.select({ count: sql<number>`count(*)::int` }).from(products)) as {
    count: number;
  }[];
  const wantDemo = deps.config.SEED_DEMO ?? true;
  if (wantDemo && count === 0) {
    deps.log.info("Empty catalogue: seeding the demo shop");
    await seedDemo(deps);
    // Invented customers and orders only when asked for by name (decision 265).
    if (deps.config.SEED_DEMO === true) {
      const started = Date.now();
      const made = await seedDemoHistory(deps);
      deps.log.info(
        `Demo history seeded: ${made.customers} customers, ${made.orders} orders, ${made.reviews} reviews over 90 days in ${Date.now() - started} ms`,
      );
    }
  }
}
