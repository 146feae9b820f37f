/**
 * The reads every signed-in page makes (who the session is, which hearts are filled) are built by
 * Drizzle once and then only executed as named statements (server/db/prepared.ts): building them
 * per request was CPU on every page. They still answer each request afresh.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct } from "../support/catalog-factories";
import { resolveSession } from "../../server/modules/accounts/sessions";
import { addToWishlist, wishlistProductIds } from "../../server/modules/catalog/wishlist";
import { sessions, users } from "../../server/db/schema";
import { countListing } from "../../server/modules/catalog/read/listing-statements";
import { listingShape, listingValues } from "../../server/modules/catalog/read/listing-query";
import { hashToken } from "../../server/modules/accounts/sessions";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("prepared reads", () => {
  it("resolves a session without building its query again, and still sees expiry and bans", async () => {
    const customer = await signedIn(t.deps.db);
    await resolveSession(t.deps.db, customer.token);
    const builds = vi.spyOn(t.deps.db, "select");
    try {
      for (let i = 0; i < 5; i++) expect((await resolveSession(t.deps.db, customer.token))?._id).toBe(customer.user.id);
      expect(builds).not.toHaveBeenCalled();
      await t.deps.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, customer.user.id));
      expect(await resolveSession(t.deps.db, customer.token)).toBeNull();
      const other = await signedIn(t.deps.db);
      await t.deps.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashToken(other.token)));
      expect(await resolveSession(t.deps.db, other.token)).toBeNull();
      expect(builds).not.toHaveBeenCalled();
    } finally {
      builds.mockRestore();
    }
  });

  it("reads a wishlist's ids without building the query again, each customer their own", async () => {
    const [a, b] = [await signedIn(t.deps.db), await signedIn(t.deps.db)];
    const product = await makeProduct(t.deps.db, { name: "Linen Dress" });
    await wishlistProductIds(t.deps, a.user.id);
    const builds = vi.spyOn(t.deps.db, "select");
    try {
      expect(await wishlistProductIds(t.deps, a.user.id)).toEqual([]);
      await addToWishlist(t.deps, a.user.id, product.id);
      builds.mockClear();
      expect(await wishlistProductIds(t.deps, a.user.id)).toEqual([product.id]);
      expect(await wishlistProductIds(t.deps, b.user.id)).toEqual([]);
      expect(builds).not.toHaveBeenCalled();
    } finally {
      builds.mockRestore();
    }
  });

  it("counts a filter's matches with one statement whatever the sort", async () => {
    await makeProduct(t.deps.db, { name: "Counted Dress", category: "dresses" });
    const query = (sortBy: "asc" | "desc" | "newest") =>
      ({ category: "dresses", sortBy, page: 1, limit: 12, price: undefined }) as const;
    const shapeSorted = (sortBy: "asc" | "desc" | "newest") => listingShape(query(sortBy), null, "");
    const values = listingValues(query("asc"), "");
    const first = await countListing(t.deps.db, shapeSorted("asc"), values);
    expect(first.total).toBeGreaterThan(0);
    const builds = vi.spyOn(t.deps.db, "select");
    try {
      expect(await countListing(t.deps.db, shapeSorted("desc"), values)).toEqual(first);
      expect(await countListing(t.deps.db, shapeSorted("newest"), values)).toEqual(first);
      expect(builds).not.toHaveBeenCalled();
    } finally {
      builds.mockRestore();
    }
  });
});
