import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { approveAllPending, approveProduct, listPendingProducts } from "./pending-products";
import { createProduct, setProductHidden, updateProduct } from "./save-product";
import { catalogStaffContract } from "./staff-contract";

/** The staff half of the catalogue (see staff-contract.ts); registered before the read routes. */
export async function catalogStaffRoutes(app: FastifyInstance) {
  const { deps } = app;

  mountContract(app, "catalog", catalogStaffContract, {
    listPendingProducts: async (req) => {
      const page = await listPendingProducts(deps, req.query);
      return { ...page, totalPages: page.metadata.totalPages };
    },
    approveAllPending: async (req) => {
      const n = await approveAllPending(deps, await requireUser(req));
      return { message: translate(req.lang, "catalogAdmin.productsApproved", { n }), count: n };
    },
    approveProduct: async (req) => {
      await approveProduct(deps, req.params.id, await requireUser(req));
      return { message: translate(req.lang, "catalogAdmin.productApproved") };
    },
    createProduct: async (req) => {
      const product = await createProduct(deps, req.body, await requireUser(req));
      const key = product.status === "pending" ? "catalogAdmin.productCreatedPending" : "catalogAdmin.productCreated";
      return { message: translate(req.lang, key), product };
    },
    updateProduct: async (req) => {
      const product = await updateProduct(deps, req.params.id, req.body, await requireUser(req));
      return { message: translate(req.lang, "catalogAdmin.productUpdated"), product };
    },
    deleteProduct: async (req) => {
      await setProductHidden(deps, req.params.id, true, await requireUser(req));
      return { message: translate(req.lang, "catalogAdmin.productDeleted") };
    },
    restoreProduct: async (req) => {
      await setProductHidden(deps, req.params.id, false, await requireUser(req));
      return { message: translate(req.lang, "catalogAdmin.productRestored") };
    },
  });
}
