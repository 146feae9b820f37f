/** Issue 5, item 4: promo codes and shipping changes are recorded with who, what and when. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc } from "drizzle-orm";
import { auditLog } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const latest = async () => (await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0];
const tomorrowPlus = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

describe("audit trail of staff actions", () => {
  it("records who created and who deleted a promo code", async () => {
    const mod = await signedIn(t.deps.db, "moderator");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/promocodes",
      headers: mod.headers,
      payload: { code: "AUDITME", discountValue: 10, usageLimit: 5, expDate: tomorrowPlus(3) },
    });
    expect(created.statusCode).toBe(201);
    const row = await latest();
    expect(row).toMatchObject({ action: "promoCode.create", actorEmail: mod.user.email, targetType: "promo_code" });

    const id = created.json().promoCode._id;
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/promocodes/${id}`, headers: mod.headers })).statusCode,
    ).toBe(200);
    expect(await latest()).toMatchObject({ action: "promoCode.delete", targetId: id, details: { code: "AUDITME" } });
  });

  it("records shipping creation, the bulk additional cost and deletion", async () => {
    const admin = await signedIn(t.deps.db, "admin");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/shipping",
      headers: admin.headers,
      payload: { city: "Siwa", shipping: 150, estTime: "5-7" },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().shippingOption._id;
    expect(await latest()).toMatchObject({ action: "shipping.create", targetId: id, actorEmail: admin.user.email });

    const extra = await t.app.inject({
      method: "PUT",
      url: "/api/shipping/additional",
      headers: admin.headers,
      payload: { citiesId: [id], additionalCost: 12.5 },
    });
    expect(extra.statusCode).toBe(200);
    expect(await latest()).toMatchObject({ action: "shipping.additionalCost", details: { additionalCost: 12.5 } });

    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/shipping/${id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect(await latest()).toMatchObject({ action: "shipping.delete", targetId: id, details: { city: "Siwa" } });
  });
});
