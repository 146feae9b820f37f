/**
 * Blocking a phone or e-mail from cash on delivery (issue 16, docs/decisions/291). Values are kept
 * as their normalised keys (core/contact-keys.ts): a block on "+20 100 123 4567" also stops
 * "01001234567". Blocking and unblocking are audited.
 */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { emailKey, phoneKey } from "@core/contact-keys";
import type { CustomerBlockInput } from "@core/validation/customers";
import type { DbOrTx, Db } from "../../db/client";
import { customerBlocks, users } from "../../db/schema";
import { isUuid } from "../../db/ids";
import { conflict, notFound } from "../../errors";
import { recordAudit, type AuditActor } from "../audit/audit";
import type { CustomerBlockDTO } from "./customer-dto";

const keyOf = (b: Pick<CustomerBlockInput, "kind" | "value">) =>
  b.kind === "phone" ? phoneKey(b.value) : emailKey(b.value);

function toDto(row: typeof customerBlocks.$inferSelect, by: string | null): CustomerBlockDTO {
  return {
    _id: row.id,
    kind: row.kind,
    value: row.value,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    createdBy: by,
  };
}

/** GET /api/moderator/customer-blocks: newest first (a shop blocks tens, not thousands). */
export async function listBlocks(db: DbOrTx): Promise<CustomerBlockDTO[]> {
  const rows = await db
    .select({ block: customerBlocks, by: users.email })
    .from(customerBlocks)
    .leftJoin(users, eq(users.id, customerBlocks.createdBy))
    .orderBy(desc(customerBlocks.createdAt), desc(customerBlocks.id))
    .limit(1000);
  return rows.map((r) => toDto(r.block, r.by));
}

/** POST /api/moderator/customer-blocks: 409 when that phone or e-mail (in any writing) is already blocked. */
export async function addBlock(db: Db, actor: AuditActor, input: CustomerBlockInput): Promise<CustomerBlockDTO> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerBlocks)
      .values({ kind: input.kind, value: keyOf(input), note: input.note, createdBy: actor._id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict("customers.alreadyBlocked");
    await recordAudit(tx, actor, "customer.block", "customer_block", row.id, {
      kind: row.kind,
      value: row.value,
      note: row.note,
    });
    return toDto(row, actor.email);
  });
}

/** DELETE /api/moderator/customer-blocks/{id}. */
export async function removeBlock(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound("customers.blockNotFound");
    const [row] = await tx.delete(customerBlocks).where(eq(customerBlocks.id, id)).returning();
    if (!row) throw notFound("customers.blockNotFound");
    await recordAudit(tx, actor, "customer.unblock", "customer_block", row.id, { kind: row.kind, value: row.value });
  });
}

/** Which of these phone and e-mail keys are blocked. */
export async function blockedKeys(
  db: DbOrTx,
  keys: { phones: string[]; emails: string[] },
): Promise<{ phones: Set<string>; emails: Set<string> }> {
  const phones = [...new Set(keys.phones.filter(Boolean))];
  const emails = [...new Set(keys.emails.filter(Boolean))];
  const out = { phones: new Set<string>(), emails: new Set<string>() };
  if (!phones.length && !emails.length) return out;
  const rows = await db
    .select({ kind: customerBlocks.kind, value: customerBlocks.value })
    .from(customerBlocks)
    .where(
      or(
        phones.length ? and(eq(customerBlocks.kind, "phone"), inArray(customerBlocks.value, phones)) : undefined,
        emails.length ? and(eq(customerBlocks.kind, "email"), inArray(customerBlocks.value, emails)) : undefined,
      ),
    );
  for (const r of rows) (r.kind === "phone" ? out.phones : out.emails).add(r.value);
  return out;
}
