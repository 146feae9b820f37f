import { describe, expect, it } from "vitest";
import { offeredPairs } from "../../core/variants";
import type { ProductDTO } from "../../server/modules/catalog/product-dto";
import type { ShippingOptionDTO } from "../../server/modules/shipping/shipping-options";
import { toCartLine } from "../../app/lib/cart-lines";
import {
  checkCheckoutForm,
  emptyCheckoutForm,
  orderPayload,
  stepMessage,
  type CheckoutForm,
} from "../../app/components/checkout/checkout-form";
import { checkoutTotals, cityOption } from "../../app/components/checkout/checkout-totals";
import { PROGRESS_STEPS, progressIndex } from "../../app/components/orders/order-progress";

const filled: CheckoutForm = {
  ...emptyCheckoutForm(),
  firstName: "Mona",
  lastName: "Hassan",
  email: "mona@example.com",
  phone: "01012345678",
  street: "Tahrir St",
  building: "12",
  floor: "3",
  apartment: "7",
  city: "Nasr City",
};

function product(over: Partial<ProductDTO> = {}): ProductDTO {
  return {
    _id: "p1",
    name: "Dress",
    nameAr: null,
    code: "D-1",
    description: "",
    descriptionAr: null,
    category: "dresses",
    collection: null,
    price: 500,
    discount: 0,
    totalPrice: 500,
    stock: 9,
    images: [],
    sizes: ["M"],
    colors: ["#000"],
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
      offeredPairs(over.sizes ?? ["M"], over.colors ?? ["#000"]).map((pair) => ({
        ...pair,
        sku: "",
        stock: over.stock ?? 9,
      })),
  };
}
const line = (p: ProductDTO, quantity: number) =>
  toCartLine({ productId: p._id, product: p, quantity, size: "M", color: "#000" });
const cities: ShippingOptionDTO[] = [
  { _id: "1", city: "Cairo", cityAr: "القاهرة", shipping: 50, additionalCost: 0, estTime: "1-2" },
  { _id: "2", city: "Aswan", cityAr: "أسوان", shipping: 95, additionalCost: 10, estTime: "4-6" },
  { _id: "3", city: "Giza", cityAr: "الجيزة", shipping: 0, additionalCost: 0, estTime: "1-2" },
];

describe("the Shipping Address step (SPEC §5 Checkout)", () => {
  it("starts in the governorate of Cairo with the signed-in customer's name, e-mail and phone", () => {
    const form = emptyCheckoutForm({ firstName: "Salma", lastName: "Adel", email: "s@example.com", phone: "010" });
    expect(form).toMatchObject({
      state: "Cairo",
      city: "",
      firstName: "Salma",
      email: "s@example.com",
      postalCode: "",
      notes: "",
    });
  });

  it("asks for every required field with 'Please fill all required fields'", () => {
    const errors = checkCheckoutForm(emptyCheckoutForm());
    expect(Object.keys(errors).sort()).toEqual([
      "apartment",
      "building",
      "city",
      "email",
      "firstName",
      "floor",
      "lastName",
      "phone",
      "street",
    ]);
    expect(stepMessage(errors)).toBe("ordersApi.fillRequired");
  });

  it("refuses an e-mail that does not look like an address", () => {
    const errors = checkCheckoutForm({ ...filled, email: "mona.example.com" });
    expect(errors).toEqual({ email: "validation.emailInvalid" });
    expect(stepMessage(errors)).toBe("validation.emailInvalid");
  });

  it("lets postal code, area and notes stay empty", () => {
    expect(checkCheckoutForm(filled)).toEqual({});
  });
});

describe("the order payload (DESIGN.md §4)", () => {
  it("carries the lines without prices, the address in Egypt and the payment method", () => {
    const payload = orderPayload(
      filled,
      [{ productId: "p1", quantity: 2, size: "M", color: "#000" }],
      "Cash on Delivery",
      "SPRING10",
    );
    expect(payload.products).toEqual([{ productId: "p1", quantity: 2, size: "M", color: "#000" }]);
    expect(payload.shipping.address).toMatchObject({
      state: "Cairo",
      city: "Nasr City",
      country: "Egypt",
      street: "Tahrir St",
    });
    expect(payload).toMatchObject({
      paymentMethod: "Cash on Delivery",
      promoCode: "SPRING10",
      email: "mona@example.com",
    });
    expect(JSON.stringify(payload)).not.toMatch(/price|total/i);
  });
});

describe("the checkout totals preview (SPEC §9)", () => {
  it("adds the city's fee and its additional cost, and takes the promo percent off the items only", () => {
    // Items 1,000; Aswan 95 + 10; 10% promo = 100 off: 1,000 − 100 + 105 = 1,005 EGP.
    const totals = checkoutTotals([line(product(), 2)], cityOption(cities, "Aswan"), 10);
    expect(totals).toEqual({
      subtotal: 100_000,
      promoDiscount: 10_000,
      shipping: 10_500,
      codFee: 0,
      total: 100_500,
      freeShipping: false,
    });
  });

  it("adds the cash-on-delivery fee as its own amount once cash is chosen (issue 16)", () => {
    const totals = checkoutTotals([line(product(), 2)], cityOption(cities, "Aswan"), 10, 1_500);
    expect(totals).toMatchObject({ codFee: 1_500, total: 102_000 });
  });

  it("ships FREE when an item has a free-shipping discount", () => {
    const totals = checkoutTotals(
      [line(product(), 1), line(product({ _id: "p2", freeShipping: true }), 1)],
      cityOption(cities, "Cairo"),
      0,
    );
    expect(totals.freeShipping).toBe(true);
    expect(totals.total).toBe(100_000);
  });

  it("ships FREE when the city's fee is 0", () => {
    expect(checkoutTotals([line(product(), 1)], cityOption(cities, "Giza"), 0).freeShipping).toBe(true);
  });

  it("falls back to Cairo at 50 EGP when the list is empty", () => {
    const cairo = cityOption([], "Cairo");
    expect(cairo).toMatchObject({ city: "Cairo", shipping: 50 });
    expect(checkoutTotals([line(product(), 1)], cairo, 0).shipping).toBe(5_000);
  });
});

describe("the order progress bar", () => {
  it("runs over four statuses and leaves Cancelled off the bar", () => {
    expect(PROGRESS_STEPS).toEqual(["Processing", "Shipped", "Out for Delivery", "Delivered"]);
    expect(progressIndex("Out for Delivery")).toBe(2);
    expect(progressIndex("Cancelled")).toBe(-1);
  });
});
