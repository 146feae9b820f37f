import { describe, expect, it } from "vitest";
import { offeredPairs } from "../../core/variants";
import type { ProductDTO } from "../../server/modules/catalog/product-dto";
import {
  addGuestLine,
  cartTotal,
  checkAdd,
  checkQuantity,
  maxLineQuantity,
  parseGuestCart,
  previewLineTotal,
  toCartLine,
} from "../../app/lib/cart-lines";

function product(over: Partial<ProductDTO> = {}): ProductDTO {
  return {
    _id: "p1",
    name: "Linen dress",
    nameAr: "فستان كتان",
    code: "LD-12345",
    description: "",
    descriptionAr: null,
    category: "dresses",
    collection: null,
    price: 500,
    discount: 0,
    totalPrice: 500,
    stock: 5,
    images: ["/uploads/a.webp"],
    sizes: ["S", "M"],
    colors: ["#000000"],
    specifications: [],
    specificationsAr: [],
    bulkDiscountminQuantity: null,
    bulkDiscount: null,
    freeShipping: false,
    status: "approved",
    hidden: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    ...over,
    // Each size and color pair holds the product's stock here: these rules are about one line.
    variants:
      over.variants ??
      offeredPairs(over.sizes ?? ["S", "M"], over.colors ?? ["#000000"]).map((pair) => ({
        ...pair,
        sku: "",
        stock: over.stock ?? 5,
      })),
  };
}

const line = (p: ProductDTO, quantity: number, size = "S", color = "#000000") =>
  toCartLine({ productId: p._id, product: p, quantity, size, color });

describe("add to cart rules (SPEC §5)", () => {
  const base = { quantity: 1, size: "S", color: "#000000", lines: [], guest: true };

  it("needs a size and a colour", () => {
    expect(checkAdd({ ...base, product: product(), size: "" })).toEqual({ key: "cart.selectSizeColor" });
    expect(checkAdd({ ...base, product: product(), color: "" })).toEqual({ key: "cart.selectSizeColor" });
  });

  it("refuses an item with stock 0", () => {
    expect(checkAdd({ ...base, product: product({ stock: 0 }) })).toEqual({ key: "cart.outOfStock" });
  });

  it("refuses a quantity below 1", () => {
    expect(checkAdd({ ...base, product: product(), quantity: 0 })).toEqual({ key: "cart.quantityMin" });
  });

  it("names the stock left and the quantity already in the cart for the same product, colour and size", () => {
    const p = product({ stock: 5 });
    expect(checkAdd({ ...base, product: p, quantity: 3, lines: [line(p, 3)] })).toEqual({
      key: "cart.notEnoughStock",
      vars: { n: 5, m: 3 },
    });
  });

  it("keeps a line at 10 at most even when stock is larger", () => {
    const p = product({ stock: 50 });
    expect(checkAdd({ ...base, product: p, quantity: 2, lines: [line(p, 9)] })).toEqual({
      key: "cart.quantityMax",
      vars: { max: 10 },
    });
    expect(checkAdd({ ...base, product: p, quantity: 1, lines: [line(p, 9)] })).toBeNull();
  });

  it("limits a guest's total for a product across sizes to the stock", () => {
    const p = product({ stock: 5 });
    const lines = [line(p, 3, "M")];
    expect(checkAdd({ ...base, product: p, quantity: 3, lines })).toEqual({ key: "cart.onlyNInTotal", vars: { n: 5 } });
    expect(checkAdd({ ...base, product: p, quantity: 2, lines })).toBeNull();
    // A signed-in cart leaves the cross-size total to the server.
    expect(checkAdd({ ...base, product: p, quantity: 3, lines, guest: false })).toBeNull();
  });
});

describe("changing a line's quantity", () => {
  it("allows 1 to 10 and not above stock", () => {
    const p = product({ stock: 4 });
    const l = line(p, 2);
    expect(checkQuantity(l, 0, [l], true)).toEqual({ key: "cart.quantityMin" });
    expect(checkQuantity(l, 4, [l], true)).toBeNull();
    expect(checkQuantity(l, 5, [l], true)).toEqual({ key: "cart.notEnoughStock", vars: { n: 4, m: 2 } });
    expect(maxLineQuantity(p, "M", "#000000")).toBe(4);
    expect(maxLineQuantity(product({ stock: 40 }), "M", "#000000")).toBe(10);
  });
});

describe("guest line prices (SPEC §9)", () => {
  it("takes the discount percent off and prices full bulk sets", () => {
    // 3 for 1,200 EGP with 10% off: one set 1,080 + one unit 450 = 1,530 EGP.
    const p = product({ price: 500, discount: 10, bulkDiscountminQuantity: 3, bulkDiscount: 1200 });
    expect(previewLineTotal(p, 4)).toBe(1530);
    expect(previewLineTotal(product({ price: 199.99, discount: 0 }), 3)).toBe(599.97);
  });

  it("adds line totals without float drift", () => {
    const p = product({ price: 0.1 });
    expect(cartTotal([line(p, 1, "S"), line(p, 2, "M")])).toBe(0.3);
  });
});

describe("the stored guest cart", () => {
  it("merges the same product, size and colour into one line", () => {
    const p = product();
    const one = addGuestLine([], { productId: "p1", product: p, quantity: 1, size: "S", color: "#000000" });
    const two = addGuestLine(one, { productId: "p1", product: p, quantity: 2, size: "S", color: "#000000" });
    const three = addGuestLine(two, { productId: "p1", product: p, quantity: 1, size: "M", color: "#000000" });
    expect(three.map((l) => [l.size, l.quantity])).toEqual([
      ["S", 3],
      ["M", 1],
    ]);
  });

  it("reads a corrupted or foreign entry as an empty cart", () => {
    expect(parseGuestCart("{not json")).toEqual([]);
    expect(parseGuestCart(JSON.stringify({ a: 1 }))).toEqual([]);
    expect(
      parseGuestCart(JSON.stringify([{ productId: "p1", quantity: -1, size: "S", color: "x", product: product() }])),
    ).toEqual([]);
    expect(
      parseGuestCart(JSON.stringify([{ productId: "p1", quantity: 1, size: "S", color: "x", product: product() }])),
    ).toHaveLength(1);
  });
});

describe("stock per size and color (issue 15)", () => {
  const p = product({
    stock: 3,
    variants: [
      { size: "S", color: "#000000", sku: "", stock: 0 },
      { size: "M", color: "#000000", sku: "", stock: 3 },
    ],
  });
  const add = (size: string, quantity: number, lines: ReturnType<typeof line>[] = []) =>
    checkAdd({ product: p, quantity, size, color: "#000000", lines, guest: true });

  it("refuses a sold-out size while another size has stock, and counts the pair in 'Only {n} left'", () => {
    expect(add("S", 1)).toEqual({ key: "cart.outOfStock" });
    expect(add("M", 3)).toBeNull();
    const m = line(p, 2, "M");
    expect(add("M", 2, [m])).toEqual({ key: "cart.notEnoughStock", vars: { n: 3, m: 2 } });
    expect(maxLineQuantity(p, "S", "#000000")).toBe(0);
    expect(maxLineQuantity(p, "M", "#000000")).toBe(3);
  });

  it("falls back to the product's stock for a guest snapshot saved before variants", () => {
    const old = { ...p, variants: undefined } as unknown as typeof p;
    expect(checkAdd({ product: old, quantity: 1, size: "S", color: "#000000", lines: [], guest: true })).toBeNull();
  });
});
