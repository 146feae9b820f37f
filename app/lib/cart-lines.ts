/**
 * Pure cart helpers shared by the cart client, the cart page and checkout: line identity, the
 * guest line price (SPEC §9) and every SPEC §5 cart rule. Messages are i18n keys with their vars,
 * so the browser shows the spec's text in English and Arabic.
 */
import { LIMITS } from "@core/constants";
import { lineTotal, toEgp, toPiastres } from "@core/pricing";
import { variantStock } from "@core/variants";
import type { ProductDTO } from "@server/modules/catalog/product-dto";

export interface CartLine {
  /** Stable identity of a line: product, size and colour (SPEC §5 "the same product, colour and size"). */
  key: string;
  /** The server's line id; absent for a guest line. */
  _id?: string;
  productId: string;
  product: ProductDTO;
  quantity: number;
  size: string;
  color: string;
  /** The line's total in EGP (bulk sets and discount applied), a preview: the server prices orders. */
  totalPrice: number;
}

/** What the guest cart keeps in browser storage for each line. */
export interface StoredGuestLine {
  productId: string;
  quantity: number;
  size: string;
  color: string;
  product: ProductDTO;
}

export interface CartMessage {
  key: string;
  vars?: Record<string, string | number>;
}

export const lineKey = (productId: string, size: string, color: string) => `${productId}|${size}|${color}`;

/** A guest line's total: the discount percent and bulk sets through core/pricing (SPEC §9). */
export function previewLineTotal(product: ProductDTO, quantity: number): number {
  const piastres = lineTotal(
    {
      price: toPiastres(product.price),
      discount: product.discount,
      bulkDiscountminQuantity: product.bulkDiscountminQuantity,
      bulkDiscount: product.bulkDiscount == null ? null : toPiastres(product.bulkDiscount),
    },
    quantity,
  );
  return toEgp(piastres);
}

export function toCartLine(stored: StoredGuestLine): CartLine {
  return {
    key: lineKey(stored.productId, stored.size, stored.color),
    productId: stored.productId,
    product: stored.product,
    quantity: stored.quantity,
    size: stored.size,
    color: stored.color,
    totalPrice: previewLineTotal(stored.product, stored.quantity),
  };
}

/** Sum of line totals in EGP, added in piastres so floats never carry money. */
export const cartTotal = (lines: CartLine[]) => toEgp(lines.reduce((sum, l) => sum + toPiastres(l.totalPrice), 0));

/**
 * Units left of a line's size and colour (issue 15). A guest snapshot saved before variants existed
 * has none: its product total stands in until the catalogue refreshes it.
 */
export const pairStock = (
  product: Pick<ProductDTO, "stock" | "sizes" | "colors" | "variants">,
  size: string,
  color: string,
) => (product.variants ? variantStock(product, size, color) : (product.stock ?? 0));

/** The most one line may hold: 10, and never above its size and colour's stock (SPEC §9). */
export const maxLineQuantity = (
  product: Pick<ProductDTO, "stock" | "sizes" | "colors" | "variants">,
  size: string,
  color: string,
) => Math.max(0, Math.min(LIMITS.cartLineMaxQuantity, pairStock(product, size, color)));

export interface AddCheck {
  product: ProductDTO;
  quantity: number;
  size: string;
  color: string;
  /** Lines already in the cart. */
  lines: CartLine[];
  /** Guests also may not exceed stock across all sizes and colours of a product. */
  guest: boolean;
}

/** The SPEC §5 add-to-cart rules, in the order a shopper meets them; null when the add may go ahead. */
export function checkAdd({ product, quantity, size, color, lines, guest }: AddCheck): CartMessage | null {
  if (!size || !color) return { key: "cart.selectSizeColor" };
  const stock = pairStock(product, size, color);
  if (stock <= 0) return { key: "cart.outOfStock" };
  if (!Number.isInteger(quantity) || quantity < 1) return { key: "cart.quantityMin" };
  const same = lines.find((l) => l.key === lineKey(product._id, size, color));
  const inCart = same?.quantity ?? 0;
  if (inCart + quantity > stock) {
    return { key: "cart.notEnoughStock", vars: { n: stock, m: inCart } };
  }
  if (inCart + quantity > LIMITS.cartLineMaxQuantity) {
    return { key: "cart.quantityMax", vars: { max: LIMITS.cartLineMaxQuantity } };
  }
  if (guest) {
    const allOfProduct = lines.filter((l) => l.productId === product._id).reduce((sum, l) => sum + l.quantity, 0);
    if (allOfProduct + quantity > product.stock) return { key: "cart.onlyNInTotal", vars: { n: product.stock } };
  }
  return null;
}

/** The rules for changing a line's quantity in place (the cart page's stepper). */
export function checkQuantity(line: CartLine, quantity: number, lines: CartLine[], guest: boolean): CartMessage | null {
  if (!Number.isInteger(quantity) || quantity < 1) return { key: "cart.quantityMin" };
  const stock = pairStock(line.product, line.size, line.color);
  if (stock <= 0) return { key: "cart.outOfStock" };
  if (quantity > stock) {
    return { key: "cart.notEnoughStock", vars: { n: stock, m: line.quantity } };
  }
  if (quantity > LIMITS.cartLineMaxQuantity)
    return { key: "cart.quantityMax", vars: { max: LIMITS.cartLineMaxQuantity } };
  if (guest) {
    const others = lines
      .filter((l) => l.productId === line.productId && l.key !== line.key)
      .reduce((sum, l) => sum + l.quantity, 0);
    if (others + quantity > line.product.stock) return { key: "cart.onlyNInTotal", vars: { n: line.product.stock } };
  }
  return null;
}

/** Adds to the guest lines, merging into the same product, size and colour. */
export function addGuestLine(lines: StoredGuestLine[], input: StoredGuestLine): StoredGuestLine[] {
  const i = lines.findIndex((l) => l.productId === input.productId && l.size === input.size && l.color === input.color);
  if (i === -1) return [...lines, input];
  return lines.map((l, j) => (j === i ? { ...l, quantity: l.quantity + input.quantity, product: input.product } : l));
}

/** Reads the stored guest cart, dropping anything that is not a well-formed line. */
export function parseGuestCart(raw: string | null): StoredGuestLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    // A corrupted entry (edited by hand, an older format) is treated as an empty cart.
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.filter(
    (l): l is StoredGuestLine =>
      !!l &&
      typeof l === "object" &&
      typeof l.productId === "string" &&
      Number.isInteger(l.quantity) &&
      l.quantity > 0 &&
      typeof l.size === "string" &&
      typeof l.color === "string" &&
      !!l.product &&
      typeof l.product === "object" &&
      typeof l.product.price === "number",
  );
}

/** The product's name in the page's language, falling back to English. */
export const productName = (product: Pick<ProductDTO, "name" | "nameAr">, lang: string) =>
  lang === "ar" && product.nameAr ? product.nameAr : product.name;
