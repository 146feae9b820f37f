/** The order request body the API tests and the browser journeys send; no database imports, so journeys can use it. */
import crypto from "node:crypto";

export interface OrderLine {
  productId: string;
  quantity: number;
  size?: string;
  color?: string;
}

/** The DESIGN.md §4 order payload for a few lines; override any field. */
export function orderPayload(lines: OrderLine[], overrides: Record<string, unknown> = {}) {
  const { address, ...rest } = overrides as { address?: Record<string, unknown> };
  return {
    firstName: "Mona",
    lastName: "Hassan",
    email: `buyer-${crypto.randomBytes(4).toString("hex")}@example.com`,
    phone: "01012345678",
    notes: "",
    promoCode: "",
    paymentMethod: "Cash on Delivery",
    products: lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      size: l.size ?? "M",
      color: l.color ?? "#000000",
    })),
    shipping: {
      address: {
        area: "Zamalek",
        street: "26 July Street",
        building: "12",
        floor: "3",
        apartment: "7",
        city: "Cairo",
        // The governorate keys the fee (decision 125); like the shop's own form, it follows the city unless a test names it.
        state: (address?.city as string | undefined) ?? "Cairo",
        country: "Egypt",
        postalCode: "11211",
        ...address,
      },
    },
    ...rest,
  };
}
