/** How a discount's target is named: in a path (GET/DELETE) and in the create form's body. */
import { z } from "zod";
import { badInput } from "../../errors";
import type { DiscountTarget } from "./discounts";

export const DISCOUNT_KINDS = {
  category: (v: string): DiscountTarget => ({ category: v }),
  collection: (v: string): DiscountTarget => ({ collectionName: v }),
  product: (v: string): DiscountTarget => ({ productId: v }),
};

export const discountTargetParams = z.object({
  kind: z.enum(["category", "collection", "product"]),
  value: z.string().max(100),
});

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

/** A preValidation hook: before the schema, which can only say "choose one" once blanks are dropped. */
export async function refuseMissingTarget(req: { body: unknown }) {
  const key = missingTargetMessage(req.body);
  if (key) throw badInput(key);
}
