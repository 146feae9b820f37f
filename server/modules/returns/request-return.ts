/**
 * POST /api/returns: the customer asks to return some lines of a delivered order (issue 17). The
 * rules: within 14 days of delivery, a quantity per line no more than ordered, one open request
 * per line (the database's partial unique index keeps it when two requests race), and an exchange
 * only for another pair of the same product that is in stock now (reserved at approval).
 */
import type { ReturnRequestInput } from "@core/validation/returns";
import type { AppDeps } from "../../deps";
import { returnRequestLines, returnRequests } from "../../db/schema";
import { badInput, conflict } from "../../errors";
import { isUniqueViolation } from "../accounts/sign-up";
import { exchangeOptionsFor, samePair, stockedPairs } from "./exchange-pairs";
import { returnEmail } from "./return-emails";
import { dropReturnPhotos, storeReturnPhotos } from "./return-photos";
import { findReturnableOrder } from "./return-window";

export interface RequestReturnOptions {
  viewerId: string | null;
  photos: Buffer[];
  baseUrl: string;
  now?: Date;
}

export async function requestReturn(
  deps: AppDeps,
  input: ReturnRequestInput,
  opts: RequestReturnOptions,
): Promise<{ id: string; orderNumber: string }> {
  const { order, items, openLines } = await findReturnableOrder(
    deps.db,
    input.orderNumber,
    opts.viewerId,
    input.contact,
    opts.now,
  );
  const byId = new Map(items.map((i) => [i.id, i]));
  if (new Set(input.lines.map((l) => l.lineId)).size !== input.lines.length) throw badInput("returns.lineInvalid");
  const pairs =
    input.kind === "exchange"
      ? await stockedPairs(
          deps.db,
          items.flatMap((i) => (i.productId ? [i.productId] : [])),
        )
      : null;
  const lines = input.lines.map((l) => {
    const item = byId.get(l.lineId);
    if (!item) throw badInput("returns.lineInvalid");
    if (l.quantity > item.quantity) throw badInput("returns.quantityTooMany", { n: item.quantity });
    if (openLines.has(item.id)) throw conflict("returns.alreadyOpen");
    if (!pairs) return { orderItemId: item.id, quantity: l.quantity, exchangeSize: null, exchangeColor: null };
    const want = { size: l.size ?? "", color: l.color ?? "" };
    const offered = exchangeOptionsFor(pairs, item.productId, item).find((p) => samePair(p, want));
    if (!offered || offered.stock < l.quantity) throw conflict("returns.exchangeUnavailable", { name: item.name });
    return { orderItemId: item.id, quantity: l.quantity, exchangeSize: offered.size, exchangeColor: offered.color };
  });

  // Encoded and stored before the transaction (slow work holds no lock); removed again if it fails.
  const photos = await storeReturnPhotos(deps.storage.private, opts.photos);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(returnRequests)
        .values({
          orderId: order.id,
          userId: opts.viewerId && order.userId === opts.viewerId ? opts.viewerId : null,
          kind: input.kind,
          reason: input.reason,
          note: input.note ?? "",
          photos,
        })
        .returning({ id: returnRequests.id });
      await tx.insert(returnRequestLines).values(lines.map((l) => ({ ...l, requestId: row!.id })));
      const mail = returnEmail(
        "requested",
        { lang: order.lang, orderNumber: order.orderNumber, kind: input.kind },
        opts.baseUrl,
      );
      await deps.mailer.send({ to: order.email, ...mail }, { db: tx });
      return row!.id;
    });
    return { id, orderNumber: order.orderNumber };
  } catch (err) {
    await dropReturnPhotos(deps.storage.private, photos);
    if (isUniqueViolation(err)) throw conflict("returns.alreadyOpen");
    throw err;
  }
}
