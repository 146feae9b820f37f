/** SPEC §5 Cart, §7 Cart, §9 quantity and bulk pricing: the signed-in customer's server cart. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct } from "../support/order-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function customer() {
  const { headers } = await signedIn(t.deps.db, "user");
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, lang?: "ar") =>
    t.app.inject({
      method,
      url,
      headers: lang ? { ...headers, cookie: `${headers.cookie}; lang=${lang}` } : headers,
      payload: payload as object,
    });
  return { headers, call };
}

const line = (productId: string, quantity: number, size = "M", color = "#000000") => ({
  productId,
  quantity,
  size,
  color,
});

describe("server cart", () => {
  it("adds a line and answers the cart with the product JSON and a server-priced total", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, { price: 50_000, discount: 20, stock: 5 });
    const res = await call("POST", "/api/cart", line(p.id, 2));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Item added to cart");
    const cart = (await call("GET", "/api/cart")).json();
    expect(cart.cart).toHaveLength(1);
    expect(cart.cart[0]).toMatchObject({ quantity: 2, size: "M", color: "#000000" });
    expect(cart.cart[0]._id).toBeTypeOf("string");
    expect(cart.cart[0].productId).toMatchObject({ _id: p.id, price: 500, discount: 20, totalPrice: 400 });
    // 2 × (500 − 20%) = 800 EGP
    expect(cart.cartTotal).toBe(800);
  });

  it("adds to the existing line with the same product, colour and size, and keeps other sizes apart", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, {
      variants: [
        { size: "M", color: "#000000", stock: 4 },
        { size: "L", color: "#000000", stock: 4 },
      ],
    });
    await call("POST", "/api/cart", line(p.id, 1, "M"));
    await call("POST", "/api/cart", line(p.id, 2, "M"));
    const cart = (await call("POST", "/api/cart", line(p.id, 1, "L"))).json();
    expect(cart.cart.map((l: { size: string; quantity: number }) => [l.size, l.quantity])).toEqual([
      ["M", 3],
      ["L", 1],
    ]);
  });

  it("prices bulk sets: 3 for 1,200 EGP, 7 items = 2 sets + 1 unit = 2,900 EGP", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, {
      price: 50_000,
      stock: 10,
      bulkDiscountminQuantity: 3,
      bulkDiscount: 120_000,
    });
    const cart = (await call("POST", "/api/cart", line(p.id, 7))).json();
    expect(cart.cartTotal).toBe(2_900);
  });

  it("requires size and colour: 'Please select size and color'", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db);
    const res = await call("POST", "/api/cart", { productId: p.id, quantity: 1, size: "", color: "#000000" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please select size and color");
  });

  it("refuses a size the product does not come in", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, { sizes: ["S"] });
    const res = await call("POST", "/api/cart", line(p.id, 1, "XL"));
    expect(res.statusCode).toBe(400);
  });

  it("refuses a sold-out product: 'This item is out of stock'", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, { stock: 0 });
    const res = await call("POST", "/api/cart", line(p.id, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This item is out of stock");
  });

  it("refuses a quantity below 1: 'Quantity can't be less than 1'", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db);
    const res = await call("POST", "/api/cart", line(p.id, 0));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Quantity can't be less than 1");
  });

  it("caps a line at 10 items", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, { stock: 50 });
    expect((await call("POST", "/api/cart", line(p.id, 8))).statusCode).toBe(200);
    const res = await call("POST", "/api/cart", line(p.id, 3));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("You can add at most 10 of this item");
    const atOnce = await call("POST", "/api/cart", line(p.id, 11, "L"), "ar");
    expect(atOnce.statusCode).toBe(400);
    expect(atOnce.json().message).toBe("يمكنك إضافة 10 قطع كحد أقصى من هذا المنتج");
  });

  it("refuses more than the stock, naming what is left and what is in the cart", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, { stock: 4 });
    await call("POST", "/api/cart", line(p.id, 3));
    const res = await call("POST", "/api/cart", line(p.id, 2));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Cannot add more items. Only 4 items left in stock, you already have 3 in cart.");
    const ar = await call("POST", "/api/cart", line(p.id, 2), "ar");
    expect(ar.json().message).toBe("لا يمكن إضافة المزيد. تبقى 4 قطع فقط في المخزون، ولديك بالفعل 3 في السلة.");
  });

  it("changes a line by a delta with PUT, within 1 and the stock", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, { stock: 3 });
    await call("POST", "/api/cart", line(p.id, 1));
    expect((await call("PUT", "/api/cart", line(p.id, 1))).json().cart[0].quantity).toBe(2);
    expect((await call("PUT", "/api/cart", line(p.id, -1))).json().cart[0].quantity).toBe(1);
    const below = await call("PUT", "/api/cart", line(p.id, -1));
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe("Quantity can't be less than 1");
    const above = await call("PUT", "/api/cart", line(p.id, 3));
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe("Cannot add more items. Only 3 items left in stock, you already have 1 in cart.");
  });

  it("removes one line by product, colour and size, and clears the cart", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, {
      variants: [
        { size: "M", color: "#000000", stock: 2 },
        { size: "L", color: "#000000", stock: 2 },
      ],
    });
    await call("POST", "/api/cart", line(p.id, 1, "M"));
    await call("POST", "/api/cart", line(p.id, 1, "L"));
    const removed = await call("DELETE", `/api/cart/${p.id}?color=${encodeURIComponent("#000000")}&size=M`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().cart.map((l: { size: string }) => l.size)).toEqual(["L"]);
    expect((await call("DELETE", `/api/cart/${p.id}?color=%23000000&size=M`)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/cart/clear")).statusCode).toBe(200);
    expect((await call("GET", "/api/cart")).json()).toEqual({ cart: [], cartTotal: 0 });
  });

  it("keeps each customer's cart to themselves", async () => {
    const a = await customer();
    const b = await customer();
    const p = await makeProduct(t.deps.db);
    await a.call("POST", "/api/cart", line(p.id, 1));
    expect((await b.call("GET", "/api/cart")).json().cart).toEqual([]);
  });

  it("leaves out products staff have hidden since", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db);
    await call("POST", "/api/cart", line(p.id, 1));
    const hidden = await makeProduct(t.deps.db, { hidden: true });
    expect((await call("POST", "/api/cart", line(hidden.id, 1))).statusCode).toBe(404);
  });

  it("requires sign-in", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/cart" })).statusCode).toBe(401);
  });
});

describe("merging a guest cart at sign-in", () => {
  it("adds up the same line, caps it at 10 and at the stock, and skips bad lines without failing", async () => {
    const { call } = await customer();
    const plenty = await makeProduct(t.deps.db, {
      variants: [
        { size: "M", color: "#000000", stock: 40 },
        { size: "L", color: "#000000", stock: 10 },
      ],
    });
    const few = await makeProduct(t.deps.db, { stock: 4 });
    const soldOut = await makeProduct(t.deps.db, { stock: 0 });
    await call("POST", "/api/cart", line(plenty.id, 6));
    await call("POST", "/api/cart", line(few.id, 2));
    const res = await call("POST", "/api/cart/merge", {
      items: [
        line(plenty.id, 7),
        line(few.id, 3),
        line(plenty.id, 2, "L"),
        line(soldOut.id, 1),
        line("not-a-product", 1),
        { productId: plenty.id, quantity: 1, size: "", color: "" },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const q = (id: string, size = "M") =>
      body.cart.find((l: { productId: { _id: string }; size: string }) => l.productId._id === id && l.size === size)
        ?.quantity;
    expect(q(plenty.id)).toBe(10);
    expect(q(few.id)).toBe(4);
    expect(q(plenty.id, "L")).toBe(2);
    expect(q(soldOut.id)).toBeUndefined();
    expect(body.skipped).toBe(3);
  });
});

describe("concurrent adds on PostgreSQL", () => {
  it.skipIf(!onPostgres())("never lets racing adds of a new line pass the stock", async () => {
    const { call } = await customer();
    const p = await makeProduct(t.deps.db, { stock: 7 });
    const results = await Promise.all(Array.from({ length: 6 }, () => call("POST", "/api/cart", line(p.id, 3))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const cart = (await call("GET", "/api/cart")).json();
    expect(cart.cart[0].quantity).toBe(6);
  });
});
