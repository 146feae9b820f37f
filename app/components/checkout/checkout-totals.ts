/**
 * The checkout's preview of SPEC §9 totals through core/pricing. The server prices the order again
 * from the catalogue; this only shows the shopper what to expect.
 */
import { orderTotals, toPiastres, type OrderTotals } from "@core/pricing";
import type { ShippingOptionDTO } from "@server/modules/shipping/shipping-options";
import { DEFAULT_CITY, DEFAULT_SHIPPING_EGP } from "@core/constants";
import type { CartLine } from "~/lib/cart-lines";

export interface CheckoutTotals extends OrderTotals {
  /** True when shipping shows as FREE: a free-shipping discount or a city fee of 0. */
  freeShipping: boolean;
}

/** The chosen city's option; the default city keeps its default fee if staff removed it. */
export function cityOption(options: ShippingOptionDTO[], city: string): ShippingOptionDTO {
  const found = options.find((o) => o.city === city);
  if (found) return found;
  return {
    _id: "",
    city: DEFAULT_CITY,
    cityAr: null,
    shipping: DEFAULT_SHIPPING_EGP,
    additionalCost: 0,
    estTime: "1-2",
  };
}

/** `codFee`: COD_FEE in piastres once cash on delivery is chosen (issue 16), else 0. */
export function checkoutTotals(
  lines: CartLine[],
  option: ShippingOptionDTO,
  promoPercent: number,
  codFee = 0,
): CheckoutTotals {
  const fee = Math.max(0, toPiastres(option.shipping) + toPiastres(option.additionalCost));
  const freeShipping = lines.some((l) => l.product.freeShipping) || fee === 0;
  const totals = orderTotals({
    lineTotals: lines.map((l) => toPiastres(l.totalPrice)),
    shippingFee: fee,
    freeShipping,
    promoPercent,
    codFee,
  });
  return { ...totals, freeShipping };
}
