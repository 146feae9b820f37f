import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { addBlock, listBlocks, removeBlock } from "./blocks";
import { customersContract } from "./contract";

export async function customerRoutes(app: FastifyInstance) {
  const deps = app.deps;
  mountContract(app, "customers", customersContract, {
    listCustomerBlocks: async () => ({ blocks: await listBlocks(deps.db) }),
    blockCustomer: async (req) => {
      const block = await addBlock(deps.db, await requireUser(req), req.body);
      return { message: translate(req.lang, "customers.blocked"), block };
    },
    unblockCustomer: async (req) => {
      await removeBlock(deps.db, await requireUser(req), req.params.id);
      return { message: translate(req.lang, "customers.unblocked") };
    },
  });
}
