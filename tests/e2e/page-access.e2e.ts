/**
 * The access matrix of the pages (issue 11): every route of app/routes.ts, as a guest, a customer,
 * a banned customer (her old session), a moderator and an admin, both as a document and as the
 * React Router single-fetch data request (`/admin/accounts.data`) the app makes on a client-side
 * move. Each either answers or is refused the way the guards do it (to /auth, to /unauthorized);
 * a refused data request carries the redirect and nothing else, so a staff page's data never
 * reaches a customer or a guest. The expected table below is the reviewed statement of who sees
 * what; a page added to app/routes.ts without a row here fails the run.
 */
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { admin, baseUrl, latestMailTo } from "./support/browser";

type Who = "guest" | "customer" | "banned" | "moderator" | "admin";
const WHO: Who[] = ["guest", "customer", "banned", "moderator", "admin"];

/**
 * What a page does for each caller: `ok` answers its data; `auth` sends to /auth?redirect=…;
 * `unauthorized` sends to /unauthorized; `account` (the sign-in page, already signed in) sends to
 * /account; `edit` is the old edit URL's permanent move to the guarded edit page.
 */
type Outcome = "ok" | "auth" | "unauthorized" | "account" | "edit";
const everyone = (o: Outcome): Record<Who, Outcome> => ({ guest: o, customer: o, banned: o, moderator: o, admin: o });
const signedIn: Record<Who, Outcome> = { guest: "auth", banned: "auth", customer: "ok", moderator: "ok", admin: "ok" };
const staff: Record<Who, Outcome> = {
  guest: "auth",
  banned: "auth",
  customer: "unauthorized",
  moderator: "ok",
  admin: "ok",
};
const adminOnly: Record<Who, Outcome> = {
  guest: "auth",
  banned: "auth",
  customer: "unauthorized",
  moderator: "unauthorized",
  admin: "ok",
};

const MATRIX: Record<string, Record<Who, Outcome>> = {
  "/": everyone("ok"),
  "/shop": everyone("ok"),
  "/product/:id": everyone("ok"),
  "/auth": { guest: "ok", banned: "ok", customer: "account", moderator: "account", admin: "account" },
  "/forgot-password": everyone("ok"),
  "/cart": everyone("ok"),
  "/posts": everyone("ok"),
  "/about": everyone("ok"),
  "/contact": everyone("ok"),
  "/privacy-policy": everyone("ok"),
  "/terms-service": everyone("ok"),
  "/refund-policy": everyone("ok"),
  "/shipping-policy": everyone("ok"),
  "/unauthorized": everyone("ok"),
  "/orders": everyone("ok"),
  // Issue 16: the reminder e-mail's unsubscribe page works without signing in.
  "/unsubscribe": everyone("ok"),
  "/checkout": signedIn,
  "/account": signedIn,
  "/wishlist": signedIn,
  "/admin/dashboard": adminOnly,
  "/admin/accounts": adminOnly,
  "/admin/pending-products": adminOnly,
  "/admin/products": adminOnly,
  "/admin/promos": adminOnly,
  "/moderator/dashboard": staff,
  "/moderator/add-product": staff,
  "/moderator/edit-product/:id": staff,
  "/moderator/discounts": staff,
  "/moderator/promocodes": staff,
  "/moderator/headlines": staff,
  "/moderator/promos": staff,
  "/moderator/orders": staff,
  "/moderator/shipping-management": staff,
  "/moderator/size-guides": staff,
  "/moderator/restock-alerts": staff,
  "/moderator/customer-blocks": staff,
  "/moderator/returns": staff,
  "/products/:id": everyone("edit"),
};
/** Resource routes (no page, no loader data for the app): the document only. */
const RESOURCES = ["/sitemap.xml", "/robots.txt"];

/** The pages of app/routes.ts as URL patterns ("*" is the not-found page, tested on its own). */
function appRoutes(): string[] {
  const source = fs.readFileSync("app/routes.ts", "utf8");
  const pages = /\bindex\(/.test(source) ? ["/"] : [];
  for (const m of source.matchAll(/route\("([^"]+)"/g)) if (m[1] !== "*") pages.push(`/${m[1]}`);
  return pages;
}

// ── The callers ─────────────────────────────────────────────────────────────────────────────

async function call(path: string, opts: { body?: unknown; token?: string; method?: string } = {}) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: opts.method ?? (opts.body ? "POST" : "GET"),
    headers: {
      ...(opts.body ? { "content-type": "application/json" } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

async function logIn(email: string, password: string): Promise<string> {
  const res = await call("/login", { body: { email, password } });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return res.body.token as string;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function makeCustomer(tag: string) {
  const email = `${tag}-${unique()}@e2e.test`;
  const password = "Customer-pass-1";
  const created = await call("/createUser", {
    body: { firstName: "Salma", lastName: "Nabil", email, phone: "01012345678", password },
  });
  expect(created.status).toBe(201);
  const code = /\b(\d{6})\b/.exec(await latestMailTo(email))?.[1];
  expect(code, "activation code in the e-mail").toBeTruthy();
  expect((await call("/activateUser", { body: { userId: created.body.UserID, activationCode: code } })).status).toBe(
    200,
  );
  return { id: created.body.UserID as string, email, password, token: await logIn(email, password) };
}

const tokens = {} as Record<Who, string | null>;
const emails: string[] = [];
let productId = "";

beforeAll(async () => {
  tokens.guest = null;
  tokens.admin = await logIn(admin().email, admin().password);
  const customer = await makeCustomer("matrix-customer");
  tokens.customer = customer.token;
  const moderator = await makeCustomer("matrix-moderator");
  expect(
    (await call(`/users/${moderator.id}/role`, { method: "PUT", body: { role: "moderator" }, token: tokens.admin }))
      .status,
  ).toBe(200);
  tokens.moderator = await logIn(moderator.email, moderator.password);
  // The banned customer keeps the session cookie she had before the ban.
  const banned = await makeCustomer("matrix-banned");
  tokens.banned = banned.token;
  expect((await call("/banuser", { body: { id: banned.id }, token: tokens.admin })).status).toBe(200);
  emails.push(admin().email, customer.email, moderator.email, banned.email);
  const { body } = await call("/products?limit=1");
  productId = (body.products as { _id: string }[])[0]._id;
});

// ── The requests ────────────────────────────────────────────────────────────────────────────

const concrete = (pattern: string) => pattern.replace(/:id\b/, productId);
const dataUrl = (path: string) => `${path === "/" ? "/_root" : path}.data`;

async function get(url: string, who: Who) {
  const token = tokens[who];
  const res = await fetch(`${baseUrl()}${url}`, {
    redirect: "manual",
    headers: token ? { cookie: `access_token=${token}` } : {},
  });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

/** The redirect a single-fetch reply carries (`[["SingleFetchRedirect",1],…,"redirect","/auth?…",…]`). */
function singleFetchRedirect(body: string): string | null {
  if (!body.startsWith('[["SingleFetchRedirect"')) return null;
  const parsed = JSON.parse(body) as unknown[];
  const at = parsed.indexOf("redirect");
  return at >= 0 ? String(parsed[at + 1]) : null;
}

function expectedTarget(outcome: Outcome, url: string): RegExp | null {
  switch (outcome) {
    case "ok":
      return null;
    case "auth":
      return new RegExp(`^/auth\\?redirect=${encodeURIComponent(url).replace(/[.?*+^$()[\]{}|\\]/g, "\\$&")}$`);
    case "unauthorized":
      return /^\/unauthorized$/;
    case "account":
      return /^\/account$/;
    case "edit":
      return new RegExp(`^/moderator/edit-product/${productId}$`);
  }
}

describe("the page access matrix", () => {
  it("has a row for every page of app/routes.ts", () => {
    const pages = appRoutes().filter((p) => !RESOURCES.includes(p));
    expect(
      pages.filter((p) => !(p in MATRIX)),
      "pages without a row in MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((p) => !pages.includes(p)),
      "rows for pages app/routes.ts no longer has",
    ).toEqual([]);
  });

  it("refuses a banned customer's old session and her sign-in", async () => {
    expect((await call("/auth-status", { token: tokens.banned! })).status).toBe(401);
    const bannedEmail = emails[3];
    expect((await call("/login", { body: { email: bannedEmail, password: "Customer-pass-1" } })).status).toBe(403);
  });

  for (const pattern of Object.keys(MATRIX)) {
    it(`answers or refuses ${pattern} and its .data for each caller as the guards say`, async () => {
      const url = concrete(pattern);
      const problems: string[] = [];
      for (const who of WHO) {
        const outcome = MATRIX[pattern][who];
        const target = expectedTarget(outcome, url);
        // The document.
        const doc = await get(url, who);
        if (target) {
          if (![301, 302, 303, 307, 308].includes(doc.status) || !target.test(doc.location ?? "")) {
            problems.push(
              `${who} GET ${url}: ${doc.status} to ${doc.location}, expected a redirect matching ${target}`,
            );
          }
        } else if (doc.status !== 200) problems.push(`${who} GET ${url}: ${doc.status}, expected 200`);
        // The loader data, as a client-side move asks for it.
        const data = await get(dataUrl(url), who);
        const redirect = singleFetchRedirect(data.body);
        if (target) {
          if (data.status !== 202 || !redirect || !target.test(redirect)) {
            problems.push(
              `${who} GET ${dataUrl(url)}: ${data.status} ${data.body.slice(0, 120)}, expected a redirect matching ${target}`,
            );
          }
          // A refused reply is the redirect and nothing else: no route's data, nobody's e-mail.
          if (data.body.includes('"data"') || emails.some((e) => data.body.includes(e))) {
            problems.push(`${who} GET ${dataUrl(url)} leaked data: ${data.body.slice(0, 300)}`);
          }
        } else if (data.status !== 200 || redirect) {
          problems.push(`${who} GET ${dataUrl(url)}: ${data.status} ${data.body.slice(0, 120)}, expected its data`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("shows a staff page's data to staff: the moderator's orders and the admin's accounts", async () => {
    const accounts = await get("/admin/accounts.data", "admin");
    expect(accounts.body).toContain('"routes/admin/accounts"');
    expect(accounts.body).toContain(admin().email);
    const orders = await get("/moderator/orders.data", "moderator");
    expect(orders.body).toContain('"routes/moderator/orders"');
    expect(orders.body).toContain('"firstPage"');
  });

  it("lets a guest reach checkout's data only as a guest checkout (?guest=1)", async () => {
    const guest = await get("/checkout.data?guest=1", "guest");
    expect(guest.status).toBe(200);
    expect(guest.body).toContain('"routes/checkout"');
  });

  it("answers an unknown page with 404 for everyone, as a document and as data", async () => {
    for (const who of WHO) {
      expect((await get("/no-such-page", who)).status, who).toBe(404);
      expect((await get("/no-such-page.data", who)).status, who).toBe(404);
    }
  });

  it("serves the sitemap and robots.txt to everyone", async () => {
    for (const url of RESOURCES) for (const who of WHO) expect((await get(url, who)).status, `${who} ${url}`).toBe(200);
  });
});
