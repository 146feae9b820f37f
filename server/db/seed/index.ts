import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { products } from "../schema";
import { seedReference, seedShipping } from "./reference";
import { ensureAdmin } from "./admin";
import { seedDemo } from "./demo";

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
  }
}
