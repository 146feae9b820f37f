import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The route table of SPEC §2. Guards are layout routes: signed-in, staff (moderator or admin), admin. */
export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("auth", "routes/auth.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("cart", "routes/cart.tsx"),
  route("posts", "routes/posts.tsx"),
  route("about", "routes/pages/about.tsx"),
  route("contact", "routes/pages/contact.tsx"),
  route("privacy-policy", "routes/pages/privacy-policy.tsx"),
  route("terms-service", "routes/pages/terms-service.tsx"),
  route("refund-policy", "routes/pages/refund-policy.tsx"),
  route("shipping-policy", "routes/pages/shipping-policy.tsx"),
  route("unauthorized", "routes/unauthorized.tsx"),
  // Guests track orders here with ?on=; signed-in customers see their own.
  route("orders", "routes/orders.tsx"),
  // Guests check out too (SPEC §1, §6; docs/decisions/009).
  route("checkout", "routes/checkout.tsx"),
  // Issue 16: a bag reminder's unsubscribe link, without signing in (docs/decisions/301).
  route("unsubscribe", "routes/unsubscribe.tsx"),
  layout("routes/guards/signed-in.tsx", [
    route("account", "routes/account.tsx"),
    route("wishlist", "routes/wishlist.tsx"),
  ]),
  layout("routes/guards/admin.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/accounts", "routes/admin/accounts.tsx"),
    route("admin/pending-products", "routes/admin/pending-products.tsx"),
    route("admin/products", "routes/admin/products.tsx"),
    route("admin/promos", "routes/admin/promos.tsx"),
  ]),
  layout("routes/guards/staff.tsx", [
    route("moderator/dashboard", "routes/moderator/dashboard.tsx"),
    route("moderator/add-product", "routes/moderator/add-product.tsx"),
    route("moderator/edit-product/:id", "routes/moderator/edit-product.tsx"),
    route("moderator/discounts", "routes/moderator/discounts.tsx"),
    route("moderator/promocodes", "routes/moderator/promocodes.tsx"),
    route("moderator/headlines", "routes/moderator/headlines.tsx"),
    // SPEC §6: moderators manage promo banners too (docs/decisions/135).
    route("moderator/promos", "routes/moderator/promos.tsx"),
    route("moderator/orders", "routes/moderator/orders.tsx"),
    route("moderator/shipping-management", "routes/moderator/shipping-management.tsx"),
    // Issue 15: size guides per category, and who waits for a restock.
    route("moderator/size-guides", "routes/moderator/size-guides.tsx"),
    route("moderator/restock-alerts", "routes/moderator/restock-alerts.tsx"),
    // Issue 16: phones and e-mails blocked from cash on delivery.
    route("moderator/customer-blocks", "routes/moderator/customer-blocks.tsx"),
    route("moderator/returns", "routes/moderator/returns.tsx"),
  ]),
  // The spec's other reading of the edit screen; it lands on the guarded one.
  route("products/:id", "routes/products-redirect.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
