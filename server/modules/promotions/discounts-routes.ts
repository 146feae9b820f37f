import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { discountInput } from "@core/validation/discount";
import { translate } from "@core/i18n";
import { AppError, badInput } from "../../errors";
import { requireUser } from "../../http/access";
import { findDiscount, listDiscounts, removeDiscount, saveDiscount, type DiscountTarget } from "./discounts";

const KINDS = {
  category: (v: string): DiscountTarget => ({ category: v }),
  collection: (v: string): DiscountTarget => ({ collectionName: v }),
  product: (v: string): DiscountTarget => ({ productId: v }),
};
const targetParams = z.object({ kind: z.enum(["category", "collection", "product"]), value: z.string().max(100) });

/** Each target's message of SPEC §5, as the screen's tabs show it. */
const TARGET_MESSAGES = [
  ["category", "catalogAdmin.categoryRequired"],
  ["collectionName", "catalogAdmin.collectionRequired"],
  ["productId", "catalogAdmin.productRequired"],
] as const;
const blankValue = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * A body that names no target answers the form's own message (SPEC §5, docs/decisions/136): the
 * blank target's message, or 'Category is required' (the first tab) when none is named at all.
 * Two targets and unknown values are left to the schema.
 */
function missingTargetMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  if (TARGET_MESSAGES.some(([key]) => !blankValue(b[key]))) return null;
  const named = TARGET_MESSAGES.find(([key]) => key in b);
  return (named ?? TARGET_MESSAGES[0])[1];
}

/** SPEC §7 Discounts: staff only. A GET on a target without a discount answers 404. */
export async function discountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.post(
    "/discounts",
    {
      config: { access: "staff" },
      schema: { body: discountInput },
      // Before the schema, which can only say "choose one" once blanks are dropped.
      preValidation: async (req) => {
        const key = missingTargetMessage(req.body);
        if (key) throw badInput(key);
      },
    },
    async (req, reply) => {
      const discount = await saveDiscount(deps, req.body, await requireUser(req));
      return reply.status(201).send({ message: translate(req.lang, "catalogAdmin.discountSaved"), discount });
    },
  );

  r.get("/alldiscounts", { config: { access: "staff" } }, async () => ({ discounts: await listDiscounts(deps) }));

  r.get("/discounts/:kind/:value", { config: { access: "staff" }, schema: { params: targetParams } }, async (req) => {
    const found = await findDiscount(deps, KINDS[req.params.kind](req.params.value));
    if (!found) throw new AppError("not_found", "catalogAdmin.discountNotFound");
    return found;
  });

  r.delete(
    "/discounts/:kind/:value",
    { config: { access: "staff" }, schema: { params: targetParams } },
    async (req) => {
      await removeDiscount(deps, KINDS[req.params.kind](req.params.value), await requireUser(req));
      return { message: translate(req.lang, "catalogAdmin.discountRemoved") };
    },
  );
}
