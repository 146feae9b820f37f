/**
 * The embedded default within a small shop's memory: PGlite starts with the small caches of
 * pglite-settings.ts, and sharp keeps no operation cache once the demo pictures are drawn.
 */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";
import { PGLITE_SETTINGS } from "../../server/db/pglite-settings";
import { garmentImage, renderImages } from "../../server/db/seed/demo-images";
import { diskObjectStore } from "../../server/storage/disk-store";
import { loadSharp } from "../../server/modules/media/load-sharp";

describe("embedded database", () => {
  it("starts PGlite with the small shop's cache sizes", async () => {
    const database = await openDatabase({});
    try {
      for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
        const rows = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
          rows: Record<string, string>[];
        };
        expect(rows.rows[0]![name], name).toBe(value);
      }
      // The defaults PGlite would otherwise start with are larger: the settings really changed them.
      expect(PGLITE_SETTINGS.shared_buffers).not.toBe("128MB");
    } finally {
      await database.close();
    }
  });
});

describe("sharp", () => {
  it("has its operation cache off after the demo pictures are drawn", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-sharp-"));
    try {
      await renderImages(diskObjectStore(dir), [garmentImage("tops", "#aa3366")]);
      expect(fs.readdirSync(dir).length).toBeGreaterThan(0);
      const sharp = await loadSharp();
      const stats = sharp.cache();
      expect(stats.memory.max).toBe(0);
      expect(stats.items.max).toBe(0);
      expect(stats.files.max).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
