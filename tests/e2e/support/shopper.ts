/** What a shopper does on the product and checkout pages, step by step, for the journeys that buy. */
import type { Page } from "playwright-core";

/**
 * On the product page: pick a size and the first colour, set the quantity when given (the page
 * starts at 1), add to the cart, and wait until the header counts `cartCount` pieces.
 */
export async function addToCart(page: Page, opts: { size: string; quantity?: number; cartCount: number }) {
  await page.getByTestId("size-picker").getByText(opts.size, { exact: true }).click();
  await page.getByTestId("color-swatches").locator("label").first().click();
  if (opts.quantity !== undefined) await page.getByTestId("quantity-input").fill(String(opts.quantity));
  await page.getByTestId("add-to-cart").click();
  await page
    .getByTestId("cart-count")
    .filter({ hasText: String(opts.cartCount) })
    .waitFor();
}

/**
 * The Shipping Address step: each field typed by its name, in the order given, then the
 * governorate chosen (it keys the fee, decision 125).
 */
export async function fillShippingAddress(page: Page, fields: Record<string, string>, governorate: string) {
  for (const [name, value] of Object.entries(fields)) await page.locator(`[name=${name}]`).fill(value);
  await page.locator("[name=state]").selectOption(governorate);
}

/** The address the buying journeys ship to: a flat in Smouha, Alexandria, with the given contact. */
export const alexandriaAddress = (email: string, phone = "01098765432") => ({
  firstName: "Mona",
  lastName: "Hassan",
  email,
  phone,
  area: "Smouha",
  street: "Fawzy Moaz St",
  building: "12",
  floor: "3",
  apartment: "7",
  city: "Smouha",
});
