/**
 * The events bridge inside one process (decision 262): what another process sends is heard, its own
 * echo is not handled twice, anything unrecognised is dropped, and a lost listening connection comes
 * back and says "resync". The two-process test is tests/api/cluster-events.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import pg from "pg";
import { sql } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { emit, on, type CatalogueChangeReason } from "../../server/events";
import { startEventsBridge, type EventsBridge } from "../../server/events-bridge";
import { databaseUrlFor } from "../support/global-setup";

let t: TestApp;
let bridge: EventsBridge | null = null;
const heard: CatalogueChangeReason[] = [];
let stop = () => {};
beforeAll(async () => {
  t = await createTestApp();
  stop = on("catalogue.changed", ({ reason }) => heard.push(reason));
  // The test app has no DATABASE_URL of its own (its database is a clone): start the bridge as
  // buildApp does for a server started with one.
  if (onPostgres()) {
    const url = databaseUrlFor(inject("pgAdminUrl")!, await databaseName());
    bridge = await startEventsBridge({ ...t.config, DATABASE_URL: url }, t.database, t.app.log);
  }
});
afterAll(async () => {
  stop();
  await bridge?.close();
  await t.close();
});

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

async function databaseName(): Promise<string> {
  const res = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return res.rows[0]!.name;
}

/** Sends `text` on the channel as another process would. */
async function notifyFromElsewhere(text: string) {
  await t.deps.db.execute(sql`select pg_notify(${t.config.EVENTS_CHANNEL}, ${text})`);
}

describe.skipIf(!onPostgres())("the events bridge on PostgreSQL", () => {
  it("hears another process's event once, and handles its own emit once (the echo is ignored)", async () => {
    heard.length = 0;
    await notifyFromElsewhere(
      JSON.stringify({ o: "another-process", n: "catalogue.changed", p: { reason: "pricing" } }),
    );
    await settle();
    expect(heard).toEqual(["pricing"]);
    heard.length = 0;
    emit("catalogue.changed", { reason: "banner" });
    await settle();
    expect(heard).toEqual(["banner"]);
  });

  it("drops what it does not recognise", async () => {
    heard.length = 0;
    for (const text of [
      "not json",
      "null",
      JSON.stringify({ o: "x", n: "catalogue.changed", p: { reason: "everything" } }),
      JSON.stringify({ o: "x", n: "orders.wiped", p: {} }),
      JSON.stringify({ o: "x", n: "__proto__", p: {} }),
      JSON.stringify({ o: "x", n: "catalogue.changed" }),
      JSON.stringify({ o: "x", n: "catalogue.changed", p: { reason: "product", pad: "a".repeat(7900) } }),
    ]) {
      await notifyFromElsewhere(text);
    }
    await settle();
    expect(heard).toEqual([]);
  });

  it("listens again after its connection is cut, and tells the listeners to resync", async () => {
    const admin = new pg.Client({ connectionString: inject("pgAdminUrl")! });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'",
        [await databaseName()],
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    heard.length = 0;
    await expect.poll(() => heard, { timeout: 5000 }).toContain("resync");
    heard.length = 0;
    await notifyFromElsewhere(JSON.stringify({ o: "another-process", n: "catalogue.changed", p: { reason: "stock" } }));
    await settle();
    expect(heard).toEqual(["stock"]);
  });
});

describe.skipIf(onPostgres())("PGlite", () => {
  it("runs no bridge: one process, and its emit reaches its listeners once", async () => {
    expect(
      await startEventsBridge({ ...t.config, DATABASE_URL: "postgres://unused" }, t.database, t.app.log),
    ).toBeNull();
    heard.length = 0;
    emit("catalogue.changed", { reason: "product" });
    await settle(50);
    expect(heard).toEqual(["product"]);
  });
});
