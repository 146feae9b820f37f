import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { backInStockContract } from "./contract";
import { listenForRestocks } from "./restock-listener";
import { subscribeToRestock } from "./subscribe";
import { listWaitingCounts } from "./waiting-counts";

export async function backInStockRoutes(app: FastifyInstance) {
  const deps = app.deps;
  const stopListening = listenForRestocks(deps);
  app.addHook("onClose", stopListening);

  mountContract(app, "backInStock", backInStockContract, {
    subscribeToRestock: [
      async (req) => {
        await subscribeToRestock(deps.db, req.body, req.lang);
        return { message: translate(req.lang, "alerts.subscribed") };
      },
      // Per client address (TRUST_PROXY decides who that is: docs/decisions/105), like other public writes.
      { config: { rateLimit: rateLimit(deps.config, 10) } },
    ],
    listWaitingCounts: async (req) => ({ variants: await listWaitingCounts(deps.db, req.query.productId) }),
  });
}
