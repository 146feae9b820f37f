/**
 * `npm run backup` / `npm run restore` (decision 271): a shop with orders, pictures and a contact
 * attachment is backed up while it answers orders, then brought back into an empty DATA_DIR
 * (PGlite) or an empty database (PostgreSQL, through pg_dump and pg_restore), where a fresh app
 * finds the same orders and serves the same pictures.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { count } from "drizzle-orm";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/client";
import { contactAttachments, orderItems, orders } from "../../server/db/schema";
import { writeBackup } from "../../server/ops/backup";
import { pidFileOf, requestLiveBackup, runningShopPid, serveBackupRequests } from "../../server/ops/live-backup";
import { pgliteDirOf, restoreBackup } from "../../server/ops/restore";
import { createStorage } from "../../server/storage";
import { databaseUrlFor } from "../support/global-setup";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { multipartFile } from "../support/multipart";
import { makeProduct, orderPayload } from "../support/order-factories";

let t: TestApp;
let pictures: string[];
let attachmentId: string;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-test-"));
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "20" } });
  const { headers } = await signedIn(t.deps.db, "user");
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
  const form = multipartFile("file", "dress.png", png);
  const up = await t.app.inject({
    method: "POST",
    url: "/api/uploads",
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
  pictures = Object.values(up.json().urls as Record<string, string>);
  const product = await makeProduct(t.deps.db, { stock: 100, images: [up.json().url] });
  for (let i = 0; i < 3; i++) await placeOrder(product.id);
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const file = multipartFile("file", "invoice.pdf", pdf, "application/pdf");
  attachmentId = (
    await t.app.inject({ method: "POST", url: "/api/uploads/contact", payload: file.payload, headers: file.headers })
  ).json().id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(temp, { recursive: true, force: true });
});

async function placeOrder(productId: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/order/guest",
    payload: orderPayload([{ productId, quantity: 1 }]),
  });
  if (res.statusCode !== 201) throw new Error(`order answered ${res.statusCode}: ${res.body}`);
  return res;
}

const ordersIn = async (db: Database["db"]) => ({
  orders: (await db.select({ n: count() }).from(orders))[0]!.n,
  lines: (await db.select({ n: count() }).from(orderItems))[0]!.n,
  attachments: (await db.select({ n: count() }).from(contactAttachments))[0]!.n,
});

/** A fresh app on the restored database and storage: same orders, same pictures, same attachment. */
async function expectRestored(config: ReturnType<typeof loadConfig>, database: Database) {
  const app = await buildApp({ config, database, mailTransport: { send: async () => {} }, runJobs: false });
  try {
    expect(await ordersIn(database.db)).toEqual(await ordersIn(t.deps.db));
    for (const url of pictures) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload).toEqual((await t.app.inject({ method: "GET", url })).rawPayload);
    }
    expect(await app.deps.storage.private.get(`${attachmentId}.pdf`)).not.toBeNull();
  } finally {
    await app.close();
  }
}

describe("backup and restore", () => {
  it.skipIf(onPostgres())(
    "PGlite: the running shop dumps itself on request while it takes orders, and the backup restores into an empty DATA_DIR",
    async () => {
      const stop = serveBackupRequests({ ...t.deps, database: t.database });
      let file: string;
      try {
        const product = await makeProduct(t.deps.db, { stock: 100 });
        // Orders keep coming while the backup is taken: each is either in it or after it, never half.
        const during = Promise.all(Array.from({ length: 5 }, () => placeOrder(product.id)));
        file = await requestLiveBackup(t.config.dataDir, process.pid, path.join(temp, "out"));
        await during;
      } finally {
        stop();
      }
      expect(path.basename(file)).toMatch(/^azya-backup-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/);
      expect(fs.statSync(file).mode & 0o077).toBe(0);

      const dataDir = path.join(temp, "restored");
      const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" } as NodeJS.ProcessEnv);
      const manifest = await restoreBackup({ config, storage: await createStorage(config), file });
      expect(manifest).toMatchObject({ database: "pglite", storage: "disk", files: { uploads: 3, private: 1 } });
      const database = await openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
      try {
        // The 5 orders placed during the backup may or may not be in it; the 3 before it are.
        const restored = await ordersIn(database.db);
        expect(restored.orders).toBeGreaterThanOrEqual(3);
        expect(restored.lines).toBe(restored.orders);
        await database.close();
        // A second restore never writes over a shop's data.
        await expect(restoreBackup({ config, storage: await createStorage(config), file })).rejects.toThrow(
          /not empty/,
        );
      } finally {
        await database.close().catch(() => {});
      }
      // Again without orders in flight: everything the source has, the restored shop has.
      const quiet = await writeBackup({
        database: t.database,
        storage: t.deps.storage,
        outDir: path.join(temp, "out"),
      });
      const again = path.join(temp, "restored-again");
      const config2 = loadConfig({ NODE_ENV: "test", DATA_DIR: again, LOG_LEVEL: "silent" } as NodeJS.ProcessEnv);
      await restoreBackup({ config: config2, storage: await createStorage(config2), file: quiet });
      const database2 = await openDatabase({ pgliteDir: pgliteDirOf(again) });
      try {
        await expectRestored(config2, database2);
      } finally {
        await database2.close();
      }
    },
  );

  it.skipIf(!onPostgres())(
    "PostgreSQL: pg_dump's custom format restores into an empty database with pg_restore",
    async () => {
      const file = await writeBackup({ database: t.database, storage: t.deps.storage, outDir: path.join(temp, "pg") });
      const adminUrl = inject("pgAdminUrl")!;
      const name = `shop_r_${inject("runId")}_${crypto.randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = databaseUrlFor(adminUrl, name);
      const dataDir = path.join(temp, "pg-restored");
      const config = loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        LOG_LEVEL: "silent",
      } as NodeJS.ProcessEnv);
      const manifest = await restoreBackup({ config, storage: await createStorage(config), file });
      expect(manifest).toMatchObject({ database: "postgres", files: { uploads: 3, private: 1 } });
      const database = await openDatabase({ url, poolSize: 2 });
      try {
        await expectRestored(config, database);
      } finally {
        await database.close();
      }
      await expect(restoreBackup({ config, storage: await createStorage(config), file })).rejects.toThrow(/not empty/);
    },
  );

  it("never signals a process that is not the shop: no pid file, a dead pid, or a pid now used by another program", () => {
    const dir = fs.mkdtempSync(path.join(temp, "pid-"));
    expect(runningShopPid(dir)).toBeNull();
    fs.writeFileSync(pidFileOf(dir), "999999999");
    expect(runningShopPid(dir)).toBeNull();
    // This test's own process is alive, but it is not server.mjs.
    fs.writeFileSync(pidFileOf(dir), String(process.pid));
    expect(runningShopPid(dir)).toBeNull();
  });
});
