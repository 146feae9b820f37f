// `npm run memory` (issue 14 part 5): the embedded default's memory after browsing every page.
// Starts the built shop as `npm start` does on a fresh data directory (PGlite, the demo catalogue,
// production), then asks every page of app/routes.ts in English and Arabic: each product, each
// category and collection view, the customer's pages signed in as a customer, and every staff page
// signed in as the admin. Prints the server's RSS after the start and after each round (two rounds:
// memory that keeps growing in the second is a leak, not a cache filling). `MEMORY_ROUNDS` changes
// the rounds. Needs `npm run build` first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { rssMb, startBuiltServer } from "./built-server.mjs";
import { signUpCustomer } from "./render-cpu.mjs";

const ROUNDS = Number(process.env.MEMORY_ROUNDS ?? 2);
const ADMIN = { email: "memory-admin@example.com", password: "Memory-admin-pass-1" };
const BUDGET_MB = 300;

/** Every product id of the shop, through the listing a shopper's browser uses. */
async function productIds(base) {
  const ids = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/products?limit=100&page=${page}`);
    const { products, metadata } = await res.json();
    ids.push(...products.map((p) => p._id));
    if (page >= metadata.totalPages) return ids;
  }
}

/** The pages a visitor, a customer and the staff can open, with their ids filled in. */
async function pagesOf(base, ids) {
  const home = await (await fetch(`${base}/api/promos-featuredproducts`)).json();
  const guest = [
    "/",
    "/shop",
    "/shop?page=2",
    "/shop?sortBy=asc&inStock=true",
    "/shop?search=dress",
    ...Object.keys(home.categoryProducts).map((c) => `/shop?category=${encodeURIComponent(c)}`),
    ...Object.keys(home.collections).map((c) => `/shop?collection=${encodeURIComponent(c)}`),
    ...ids.map((id) => `/product/${id}`),
    ...["/auth", "/forgot-password", "/cart", "/posts", "/about", "/contact", "/privacy-policy"],
    ...["/terms-service", "/refund-policy", "/shipping-policy", "/unauthorized", "/unsubscribe"],
    ...["/sitemap.xml", "/robots.txt", "/no-such-page"],
  ];
  const customer = ["/orders", "/checkout", "/account", "/wishlist"];
  const staff = [
    ...["/admin/dashboard", "/admin/accounts", "/admin/pending-products", "/admin/products", "/admin/promos"],
    ...["/moderator/dashboard", "/moderator/add-product", `/moderator/edit-product/${ids[0]}`],
    ...["/moderator/discounts", "/moderator/promocodes", "/moderator/headlines", "/moderator/promos"],
    ...["/moderator/orders", "/moderator/shipping-management", "/moderator/size-guides"],
    ...["/moderator/restock-alerts", "/moderator/customer-blocks", "/moderator/returns"],
  ];
  return { guest, customer, staff };
}

async function browse(base, paths, cookie) {
  let pages = 0;
  for (const lang of ["en", "ar"]) {
    for (const p of paths) {
      const res = await fetch(`${base}${p}`, {
        headers: { cookie: [cookie, `lang=${lang}`].filter(Boolean).join("; "), "accept-encoding": "br, gzip" },
        redirect: "manual",
      });
      await res.arrayBuffer();
      if (res.status >= 500) throw new Error(`${p} (${lang}) answered ${res.status}`);
      pages++;
    }
  }
  return pages;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-memory-"));
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};
const log = fs.openSync(path.join(dataDir, "server.log"), "a");
const server = await startBuiltServer({ env, inheritEnv: false, stdio: ["ignore", log, log] });
try {
  const { base, child } = server;
  console.log(`npm start on PGlite, demo catalogue (${dataDir})`);
  console.log(`  ready: ${rssMb(child.pid)} MB RSS`);
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token } = await login.json();
  const customer = await signUpCustomer(base, dataDir);
  const ids = await productIds(base);
  const pages = await pagesOf(base, ids);
  let worst = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const count =
      (await browse(base, pages.guest, "")) +
      (await browse(base, pages.customer, customer.cookie)) +
      (await browse(base, pages.staff, `access_token=${token}`));
    const rss = rssMb(child.pid);
    worst = Math.max(worst, rss);
    console.log(`  round ${round}: ${count} pages (every page, en and ar) → ${rss} MB RSS`);
  }
  console.log(`Highest: ${worst} MB RSS (budget ${BUDGET_MB} MB): ${worst <= BUDGET_MB ? "within" : "OVER"}`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
