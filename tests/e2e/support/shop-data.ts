/** Data a journey makes for itself through the API, so no test leans on another's leftovers. */
import sharp from "sharp";
import type { Browser } from "playwright-core";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { admin, baseUrl, launchBrowser } from "./browser";

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  form?: FormData;
  /** A server of the test's own (its `base`); the shared e2e server otherwise. */
  base?: string;
}

/** One API call, answering its status and JSON body whatever the status (for tests of refusals). */
export async function apiRequest<T = Record<string, unknown>>(
  path: string,
  opts: CallOptions = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${opts.base ?? baseUrl()}/api${path}`, {
    method: opts.method ?? (opts.body || opts.form ? "POST" : "GET"),
    headers: {
      ...(opts.body ? { "content-type": "application/json" } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.form ?? (opts.body ? JSON.stringify(opts.body) : undefined),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

/** One API call that must succeed: its JSON body, or a thrown error naming the status. */
export async function call<T = Record<string, unknown>>(path: string, opts: CallOptions = {}) {
  const { status, body } = await apiRequest<T>(path, opts);
  if (status >= 400) throw new Error(`${opts.method ?? "POST"} ${path}: ${status} ${JSON.stringify(body)}`);
  return body;
}

export async function adminToken(): Promise<string> {
  const { email, password } = admin();
  return (await call<{ token: string }>("/login", { body: { email, password } })).token;
}

/**
 * One approved product in sizes S and M, one colour, made by the admin for the calling test;
 * `overrides` change fields of the product form (name, price in EGP, category...), `base` names a
 * server of the test's own.
 */
export async function createProduct(
  token: string,
  label: string,
  overrides: Record<string, unknown> = {},
  base?: string,
): Promise<ProductDTO> {
  const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#b59a7a" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "piece.png");
  const { url } = await call<{ url: string }>("/uploads", { form, token, base });
  const run = `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const { product } = await call<{ product: ProductDTO }>("/products", {
    token,
    base,
    body: {
      name: `Screens Tunic ${run}`,
      nameAr: `تونيك ${run}`,
      code: `SCR-${run}`.slice(0, 40),
      description: "A cotton tunic.",
      category: "tops",
      price: 350,
      stock: 30,
      images: [url],
      sizes: ["S", "M"],
      colors: ["#1f2937"],
      ...overrides,
    },
  });
  return product;
}

/** What a journey file starts from: a browser, the admin's token and one product of its own. */
export interface StagedProduct {
  browser: Browser;
  token: string;
  productId: string;
}

/** For a file's beforeAll: the browser, the admin's token and a product made with `createProduct(token, label)`. */
export async function stageProduct(label: string): Promise<StagedProduct> {
  const browser = await launchBrowser();
  const token = await adminToken();
  return { browser, token, productId: (await createProduct(token, label))._id };
}

/** For the file's afterAll: the product deleted (whatever the answer) and the browser closed. */
export async function clearStagedProduct({ browser, token, productId }: Partial<StagedProduct>) {
  if (productId) await apiRequest(`/products/${productId}`, { method: "DELETE", token });
  await browser?.close();
}
