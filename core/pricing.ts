/**
 * The one pricing module. All money is integer piastres (1 EGP = 100 piastres); floats never
 * carry money. The server uses these functions to price every cart, order and product; the
 * browser uses the same ones only to preview.
 */

export type Piastres = number;

export const toPiastres = (egp: number): Piastres => Math.round(egp * 100);
export const toEgp = (piastres: Piastres): number => piastres / 100;

/** Price after a percent discount, rounded to the nearest piastre. */
export function applyPercent(amount: Piastres, percent: number): Piastres {
  const p = Math.min(100, Math.max(0, percent));
  return Math.round((amount * (100 - p)) / 100);
}

/** The percent of an amount, rounded to the nearest piastre (a promo code's value). */
export function percentOf(amount: Piastres, percent: number): Piastres {
  const p = Math.min(100, Math.max(0, percent));
  return Math.round((amount * p) / 100);
}

export interface PricedItem {
  price: Piastres;
  /** Effective discount percent: the largest active one that applies (DESIGN.md §5). */
  discount: number;
  bulkDiscountminQuantity?: number | null;
  /** Price of one full set of bulkDiscountminQuantity items, before the discount percent. */
  bulkDiscount?: Piastres | null;
}

export const unitPrice = (item: PricedItem): Piastres => applyPercent(item.price, item.discount);

/**
 * A line's total: each full set of the minimum quantity costs the bulk price, the rest the unit
 * price; the discount percent applies to both (DESIGN.md §5, SPEC §9 "first reading").
 */
export function lineTotal(item: PricedItem, quantity: number): Piastres {
  const unit = unitPrice(item);
  const min = item.bulkDiscountminQuantity ?? 0;
  const bulk = item.bulkDiscount ?? 0;
  if (min > 0 && bulk > 0 && quantity >= min) {
    const sets = Math.floor(quantity / min);
    const rest = quantity % min;
    return sets * applyPercent(bulk, item.discount) + rest * unit;
  }
  return quantity * unit;
}

export interface OrderTotalsInput {
  lineTotals: Piastres[];
  /** The city's fee plus any additional cost. */
  shippingFee: Piastres;
  /** True when any item matches an active discount with free shipping. */
  freeShipping: boolean;
  promoPercent: number;
  /** The cash-on-delivery fee (COD_FEE) when the order is paid in cash; 0 or absent otherwise. */
  codFee?: Piastres;
}

export interface OrderTotals {
  subtotal: Piastres;
  promoDiscount: Piastres;
  shipping: Piastres;
  /** The cash-on-delivery fee, its own line (issue 16); 0 for card orders. */
  codFee: Piastres;
  total: Piastres;
}

/**
 * The promo code takes a percent off the items' subtotal, never off shipping (DESIGN.md §5), nor
 * off the cash-on-delivery fee, which neither a promo code nor free shipping waives (decision 292).
 */
export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotal = input.lineTotals.reduce((a, b) => a + b, 0);
  const promoDiscount = percentOf(subtotal, input.promoPercent);
  const shipping = input.freeShipping ? 0 : Math.max(0, input.shippingFee);
  const codFee = Math.max(0, Math.round(input.codFee ?? 0));
  return { subtotal, promoDiscount, shipping, codFee, total: subtotal - promoDiscount + shipping + codFee };
}

/**
 * What the customer paid for `units` of an order line of `ordered` units: the units' share of the
 * line's total (bulk sets included), less their share of the order's promo discount (a promo code
 * takes its percent off the whole subtotal). The most a return of those units can give back
 * (decision 357); shipping and the cash-on-delivery fee belong to the order, not to a line.
 */
export function paidForUnits(
  line: { lineTotal: Piastres; quantity: number },
  order: { subtotal: Piastres; promoDiscount: Piastres },
  units: number,
): Piastres {
  if (line.quantity <= 0 || order.subtotal <= 0) return 0;
  const afterPromo = (line.lineTotal * (order.subtotal - order.promoDiscount)) / order.subtotal;
  return Math.round((afterPromo * units) / line.quantity);
}

/** The fee a payment method adds: COD_FEE for cash on delivery, nothing for a card. */
export const codFeeFor = (paymentMethod: string, codFee: Piastres): Piastres =>
  paymentMethod === "Cash on Delivery" ? Math.max(0, codFee) : 0;

/** "10,000": Latin digits with commas, as `toLocaleString("en")` writes a whole number, without building an Intl formatter. */
export function groupThousands(whole: number): string {
  // A loop, not /\B(?=(\d{3})+$)/g: that lookahead rescans the rest of the digits at every position.
  const text = Math.trunc(whole).toString();
  const sign = text.startsWith("-") ? "-" : "";
  const digits = sign ? text.slice(1) : text;
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits[i];
  }
  return sign + out;
}

/**
 * "EGP 1,250.50" or "‏1,250.50 ج.م.‏" (Latin digits in Arabic, decision 002), wrapped by the UI in a
 * <bdi> so it stays readable in RTL; whole pounds drop the ".00".
 *
 * The same text as Intl.NumberFormat's EGP currency format for "en-EG" and "ar-EG-u-nu-latn"
 * (tests/unit/pricing.test.ts compares them), written out because building that formatter costs a
 * phone about 40 ms of main thread on first use (ICU loads the locale's data), in the middle of the
 * page's hydration; and because the server's and the browser's ICU versions could disagree.
 */
export function formatEgp(piastres: Piastres, lang: "en" | "ar" = "en"): string {
  const magnitude = Math.abs(Math.round(piastres));
  const pounds = Math.floor(magnitude / 100);
  const cents = magnitude % 100;
  const amount = groupThousands(pounds) + (cents ? `.${String(cents).padStart(2, "0")}` : "");
  const negative = piastres < 0;
  if (lang === "ar") return `\u200f${negative ? "\u200e-" : ""}${amount}\u00a0ج.م.\u200f`;
  return `${negative ? "-" : ""}EGP\u00a0${amount}`;
}
