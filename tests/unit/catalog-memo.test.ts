import { describe, expect, it } from "vitest";
import { emit } from "../../server/events";
import { invalidateCatalogMemo, memoised, memoKey, recall } from "../../server/modules/catalog/read/catalog-memo";

describe("catalogue memo", () => {
  const db = {};

  it("produces a value once and then answers from memory", async () => {
    let produced = 0;
    const key = memoKey(db, { test: "once" });
    const produce = async () => ++produced;
    expect(await memoised(key, produce)).toBe(1);
    expect(await memoised(key, produce)).toBe(1);
    invalidateCatalogMemo();
    expect(await memoised(key, produce)).toBe(2);
  });

  it("does not keep a value whose reading overlapped a write: it may predate the write", async () => {
    const key = memoKey(db, { test: "race" });
    let release!: () => void;
    const reading = memoised(
      key,
      () => new Promise<string>((resolve) => (release = () => resolve("before the write"))),
    );
    invalidateCatalogMemo(); // a product is saved while the listing is being read
    release();
    expect(await reading).toBe("before the write");
    expect(recall(key)).toBeUndefined();
  });

  it("keeps each database's values apart", () => {
    expect(memoKey({}, { page: 1 })).not.toBe(memoKey({}, { page: 1 }));
    expect(memoKey(db, { page: 1 })).toBe(memoKey(db, { page: 1 }));
  });

  it("forgets everything when any module emits catalogue.changed: writers never import this cache", async () => {
    let produced = 0;
    const key = memoKey(db, { test: "event" });
    const produce = async () => ++produced;
    expect(await memoised(key, produce)).toBe(1);
    emit("catalogue.changed", { reason: "stock" });
    expect(await memoised(key, produce)).toBe(2);
  });
});
