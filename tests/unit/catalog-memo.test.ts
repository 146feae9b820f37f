import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emit } from "../../server/events";
import {
  catalogMemoSize,
  estimateBytes,
  invalidateCatalogMemo,
  MAX_LARGE_BYTES,
  MAX_SMALL_ENTRIES,
  memoised,
  memoKey,
  recall,
  remember,
  setCatalogueMemoMb,
  SMALL_VALUE_BYTES,
} from "../../server/modules/catalog/read/catalog-memo";

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

describe("catalogue memo bounds (decision 391)", () => {
  const db = {};
  /** A one-off value of about `kb` kilobytes of string, as a listing's JSON text is. */
  const text = (kb: number, tag: string) => `${tag}:${"x".repeat(kb * 512)}`;
  const fillLarge = (n: number, kb: number) => {
    for (let i = 0; i < n; i++) remember(memoKey(db, { oneOff: i, at: Math.random() }), text(kb, String(i)));
  };

  beforeEach(() => {
    invalidateCatalogMemo();
    vi.useRealTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("keeps a value asked again while one-off values come and go: least recently used goes first", () => {
    const search = memoKey(db, { search: "فستان", page: 1 });
    remember(search, text(20, "search"));
    // 40 MB of one-off pages (each asked once), the popular search asked between them.
    for (let round = 0; round < 40; round++) {
      fillLarge(50, 20);
      expect(recall<string>(search)?.startsWith("search:")).toBe(true);
    }
  });

  it("keeps listing totals apart: a flood of pages does not push them out", () => {
    const total = memoKey(db, { count: { category: "dresses" } });
    remember(total, { total: 1234, atLeast: false });
    fillLarge(2_000, 20);
    expect(recall(total)).toEqual({ total: 1234, atLeast: false });
  });

  it("holds no more than its bytes, and forgets the oldest one-off values first", () => {
    const first = memoKey(db, { first: true });
    remember(first, text(20, "first"));
    fillLarge(2_000, 20);
    const size = catalogMemoSize();
    expect(size.largeBytes).toBeLessThanOrEqual(MAX_LARGE_BYTES);
    expect(size.largeEntries).toBeGreaterThan(300);
    expect(recall(first)).toBeUndefined();
  });

  it("holds less where it is told to (the embedded database's 6 MB)", () => {
    setCatalogueMemoMb(6);
    try {
      fillLarge(1_000, 20);
      expect(catalogMemoSize().largeBytes).toBeLessThanOrEqual(6 * 1024 * 1024);
      expect(catalogMemoSize().largeBytes).toBeGreaterThan(5 * 1024 * 1024);
    } finally {
      setCatalogueMemoMb(MAX_LARGE_BYTES / 1024 / 1024);
    }
  });

  it("holds no more small values than its count", () => {
    for (let i = 0; i < MAX_SMALL_ENTRIES + 500; i++) remember(memoKey(db, { count: i }), { total: i, atLeast: false });
    expect(catalogMemoSize().smallEntries).toBe(MAX_SMALL_ENTRIES);
    expect(recall(memoKey(db, { count: 0 }))).toBeUndefined();
    expect(recall(memoKey(db, { count: MAX_SMALL_ENTRIES + 499 }))).toEqual({
      total: MAX_SMALL_ENTRIES + 499,
      atLeast: false,
    });
  });

  it("keeps a value a minute, as long as a guest's page is kept, and not longer", () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T10:00:00Z") });
    const key = memoKey(db, { page: "dresses" });
    remember(key, "the page");
    vi.setSystemTime(new Date("2026-11-29T10:00:59Z"));
    expect(recall(key)).toBe("the page");
    vi.setSystemTime(new Date("2026-11-29T10:02:00Z"));
    expect(recall(key)).toBeUndefined();
  });

  it("estimates a listing page by its rows and a text by its characters", () => {
    const row = { id: "p1", name: "Linen dress", price: 120_000 };
    const page = { products: Array.from({ length: 10 }, () => row), metadata: { total: 10, page: 1 } };
    expect(estimateBytes(page)).toBeGreaterThan(10 * 1_700);
    expect(estimateBytes(page)).toBeLessThan(10 * 1_700 + 1_000);
    expect(estimateBytes("x".repeat(1000))).toBe(2000);
    expect(estimateBytes({ total: 5, atLeast: true })).toBeLessThan(SMALL_VALUE_BYTES);
  });
});
