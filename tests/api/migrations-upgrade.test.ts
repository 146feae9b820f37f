/**
 * Decision 383: drizzle applies to a database only the migrations dated after the newest one it
 * has applied. 0012-0014 were dated ahead (2026-11-30), so 0015-0018 never reached a database that
 * was already migrated: a shop upgraded to 0018 answered "column products.variants does not exist"
 * on every product read. Every new migration must be dated after every earlier one.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrateDatabase, type Database } from "../../server/db/client";
import { createTestDatabase } from "../support/test-app";

const journal = JSON.parse(
  fs.readFileSync(path.join(__dirname, "../../server/db/migrations/meta/_journal.json"), "utf8"),
) as { entries: { idx: number; when: number; tag: string }[] };

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database?.close());

describe("migrations on a shop's existing database", () => {
  it("dates the newest migration after every earlier one, so every migrated database gets it", () => {
    const [newest, ...earlier] = [...journal.entries].reverse();
    for (const e of earlier) expect(newest!.when, `${newest!.tag} after ${e.tag}`).toBeGreaterThan(e.when);
  });

  it("brings a database migrated up to 0017 to the product's variants copy (0018) on the next start", async () => {
    const { db } = database;
    // As a shop's database was before 0018: no column, no record of it.
    const newest = journal.entries.at(-1)!;
    expect(newest.tag).toBe("0018_product_variants_copy");
    await db.execute(sql`alter table products drop column variants`);
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when}`);
    await migrateDatabase(database);
    const { rows } = (await db.execute(
      sql`select column_name from information_schema.columns where table_name = 'products' and column_name = 'variants'`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toHaveLength(1);
  });
});
