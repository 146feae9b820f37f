import { CATEGORIES } from "@core/constants";
import type { Role } from "@core/constants";

export interface NavItem {
  labelKey: string;
  to: string;
}
export interface NavGroup {
  labelKey: string;
  items: NavItem[];
  /** Who sees the group; omitted means everyone. */
  roles?: Role[];
}

/** The side menu of SPEC §2, filtered by role at render time. */
export const NAV_GROUPS: NavGroup[] = [
  {
    labelKey: "common.adminPanel",
    roles: ["admin"],
    items: [
      { labelKey: "common.dashboard", to: "/admin/dashboard" },
      { labelKey: "common.allProducts", to: "/admin/products" },
      { labelKey: "common.pendingProducts", to: "/admin/pending-products" },
      { labelKey: "common.accounts", to: "/admin/accounts" },
      { labelKey: "common.promos", to: "/admin/promos" },
    ],
  },
  {
    labelKey: "common.moderatorPanel",
    roles: ["moderator", "admin"],
    items: [
      { labelKey: "common.dashboard", to: "/moderator/dashboard" },
      { labelKey: "common.addProduct", to: "/moderator/add-product" },
      { labelKey: "common.discounts", to: "/moderator/discounts" },
      { labelKey: "common.promoCodes", to: "/moderator/promocodes" },
      { labelKey: "common.headlines", to: "/moderator/headlines" },
      // SPEC §6 gives moderators the promo banners (docs/decisions/135).
      { labelKey: "common.promos", to: "/moderator/promos" },
      { labelKey: "common.allOrders", to: "/moderator/orders" },
      { labelKey: "common.shippingManagement", to: "/moderator/shipping-management" },
      { labelKey: "sizeGuides.staffNav", to: "/moderator/size-guides" },
      { labelKey: "alerts.staffNav", to: "/moderator/restock-alerts" },
      { labelKey: "common.customerBlocks", to: "/moderator/customer-blocks" },
      { labelKey: "returns.staffTitle", to: "/moderator/returns" },
    ],
  },
  {
    labelKey: "common.categories",
    items: CATEGORIES.map((c) => ({ labelKey: `common.category.${c}`, to: `/shop?category=${c}` })),
  },
];

export function navGroupsFor(role: Role | null): NavGroup[] {
  return NAV_GROUPS.filter((g) => !g.roles || (role !== null && g.roles.includes(role)));
}
