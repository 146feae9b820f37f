/** SPEC §7 shipping calls, §5 Shipping create and update, Bulk additional cost. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeCity } from "../support/order-factories";

let t: TestApp;
let staff: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = { cookie: (await signedIn(t.deps.db, "moderator")).cookie };
});
afterAll(() => t.close());

const asStaff = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object, lang?: "ar") =>
  t.app.inject({ method, url, payload, headers: { cookie: lang ? `${staff.cookie}; lang=${lang}` : staff.cookie } });

describe("shipping options", () => {
  it("lists every city publicly with fee, additional cost and delivery estimate, Cairo first at 50 EGP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/shipping" });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(27);
    expect(list[0]).toMatchObject({
      city: "Cairo",
      cityAr: "القاهرة",
      shipping: 50,
      additionalCost: 0,
      estTime: "1-2",
    });
    expect(list[0]._id).toBeTypeOf("string");
  });

  it("creates a city with 201, and the same city again updates it", async () => {
    const created = await asStaff("POST", "/api/shipping", { city: "El Gouna", shipping: 120, estTime: "4-6" });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe("Successfully created or updated shipping data for the city");
    expect(created.json().shippingOption).toMatchObject({ city: "El Gouna", shipping: 120, estTime: "4-6" });
    const again = await asStaff("POST", "/api/shipping", { city: "el gouna", shipping: 130.5, estTime: "4-6" });
    expect(again.statusCode).toBe(201);
    expect(again.json().shippingOption._id).toBe(created.json().shippingOption._id);
    expect(again.json().shippingOption.shipping).toBe(130.5);
  });

  it("updates a city with PUT and 200, and deletes it", async () => {
    const city = await makeCity(t.deps.db);
    const res = await asStaff("PUT", `/api/shipping/${city.id}`, { city: city.city, shipping: 0, estTime: "1-2" });
    expect(res.statusCode).toBe(200);
    expect(res.json().shippingOption.shipping).toBe(0);
    expect((await asStaff("DELETE", `/api/shipping/${city.id}`)).statusCode).toBe(200);
    expect((await asStaff("DELETE", `/api/shipping/${city.id}`)).statusCode).toBe(404);
  });

  it("gives the spec's messages for bad input, in English and Arabic", async () => {
    const short = await asStaff("POST", "/api/shipping", { city: "X", shipping: 10, estTime: "1-2" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("City must be at least 2 characters.");
    const negative = await asStaff("POST", "/api/shipping", { city: "Siwa", shipping: -5, estTime: "1-2" });
    expect(negative.json().message).toBe("Shipping cost must be a positive number.");
    const est = await asStaff("POST", "/api/shipping", { city: "Siwa", shipping: 5, estTime: "1" });
    expect(est.json().message).toBe("Estimated time must be at least 2 characters.");
    const ar = await asStaff("POST", "/api/shipping", { city: "X", shipping: 10, estTime: "1-2" }, "ar");
    expect(ar.json().message).toBe("يجب أن يتكون اسم المدينة من حرفين على الأقل.");
  });

  it("applies a bulk additional cost to the chosen cities", async () => {
    const a = await makeCity(t.deps.db, { shipping: 4_000 });
    const b = await makeCity(t.deps.db, { shipping: 6_000 });
    const res = await asStaff("PUT", "/api/shipping/additional", { citiesId: [a.id, b.id], additionalCost: 12.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Successfully applied additional cost to 2 cities");
    const list = (await t.app.inject({ method: "GET", url: "/api/shipping" })).json();
    expect(list.find((c: { _id: string }) => c._id === a.id).additionalCost).toBe(12.5);
    expect(list.find((c: { _id: string }) => c._id === b.id).additionalCost).toBe(12.5);
  });

  it("refuses a bulk cost without cities or of zero", async () => {
    const none = await asStaff("PUT", "/api/shipping/additional", { citiesId: [], additionalCost: 5 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Please select at least one city.");
    const city = await makeCity(t.deps.db);
    const zero = await asStaff("PUT", "/api/shipping/additional", { citiesId: [city.id], additionalCost: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe("Additional cost cannot be zero.");
    const zeroAr = await asStaff("PUT", "/api/shipping/additional", { citiesId: [city.id], additionalCost: 0 }, "ar");
    expect(zeroAr.json().message).toBe("لا يمكن أن تكون التكلفة الإضافية صفرًا.");
  });

  it("keeps shipping management for staff", async () => {
    const { cookie } = await signedIn(t.deps.db, "user");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/shipping",
      headers: { cookie },
      payload: { city: "Siwa", shipping: 5, estTime: "1-2" },
    });
    expect(res.statusCode).toBe(403);
  });
});
