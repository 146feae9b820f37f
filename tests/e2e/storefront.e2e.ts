/**
 * The storefront of issue 3 in Chromium, English and Arabic, on a desktop and a 390 px phone:
 * home to a category, filter, sort and page the shop, open a product, quick view, the mirrored
 * Arabic layout, the community posts form's messages, wishlist, staff delete, SEO tags, and axe.
 *
 * Every product here carries a token unique to the run, so other journeys' products on the same
 * server never change what these tests see.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { productsPerRow } from "~/components/home/row-layout";
import arCatalogAdmin from "@core/i18n/ar/catalog-admin.json";
import { accessibilityViolations, baseUrl, failOnConsoleErrors, launchBrowser, newContext } from "./support/browser";
import { adminToken as signInAdmin, call } from "./support/shop-data";

type Lang = "en" | "ar";

let browser: Browser;
let adminToken: string;
/** A word only this run's products contain, so a search shows exactly them. */
const TOKEN = `zx${Date.now().toString(36)}`;
const catalog: { linen: ProductDTO; soldOut: ProductDTO; all: ProductDTO[] } = {} as never;

// ── Setting the scene through the API ───────────────────────────────────────────────────────

async function pngOf(hue: number, width = 600, height = 800): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},55%,72%)"/><path d="M${width / 2} ${height * 0.15} l-60 60 l-40 ${height * 0.65} h200 l-40 -${height * 0.65}z" fill="hsl(${hue},45%,38%)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function upload(hue: number, width?: number, height?: number): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await pngOf(hue, width, height))], { type: "image/png" }), "piece.png");
  return (await call<{ url: string }>("/uploads", { form, token: adminToken })).url;
}

const CATEGORIES = ["dresses", "blouses", "skirts", "tops"] as const;

/** Fourteen approved products (two shop pages), one discounted with a bulk offer, one sold out, and three hero slides. */
async function seedCatalog() {
  const images = await Promise.all([0, 60, 120, 180, 240, 300].map((h) => upload(h)));
  const all: ProductDTO[] = [];
  for (let i = 0; i < 14; i++) {
    const category = CATEGORIES[i % CATEGORIES.length];
    const { product } = await call<{ product: ProductDTO }>("/products", {
      token: adminToken,
      body: {
        name:
          i === 0 ? `Linen Wrap Dress ${TOKEN}` : `${["Silk", "Cotton", "Velvet"][i % 3]} ${category} ${TOKEN} ${i}`,
        nameAr: i === 0 ? `فستان كتان ملفوف ${TOKEN}` : undefined,
        code: `${TOKEN.toUpperCase()}-${i}`,
        description: i === 0 ? "A light linen wrap dress for warm days." : `Piece ${i} with a comfortable fit.`,
        descriptionAr: i === 0 ? "فستان كتان خفيف للأيام الدافئة." : undefined,
        category,
        collection: i % 2 ? "eid" : undefined,
        price: 300 + i * 150,
        // Stock is spread over the size and colour pairs (decision 230): the linen dress's 18 give
        // each of its six pairs 3, enough for the bulk set of three below.
        stock: i === 0 ? 18 : i === 3 ? 0 : 4 + i,
        images: [images[i % 6], images[(i + 1) % 6]],
        sizes: i === 0 ? ["S", "M", "L"] : ["M"],
        colors: i === 0 ? ["#000000", "#c0392b"] : ["#000000"],
        specifications: ["100% cotton", "Machine wash"],
        specificationsAr: i === 0 ? ["قطن 100%"] : [],
        ...(i === 0 ? { bulkDiscountminQuantity: 3, bulkDiscount: 1200 } : {}),
      },
    });
    all.push(product);
  }
  await call("/discounts", { token: adminToken, body: { discount: 20, hasShipping: false, productId: all[0]._id } });
  const banner = await upload(330, 1600, 640);
  for (let i = 0; i < 3; i++) {
    const { promo } = await call<{ promo: { _id: string } }>("/promos", {
      token: adminToken,
      body: {
        title: `Eid edit ${i + 1}`,
        titleAr: `تشكيلة العيد ${i + 1}`,
        description: "New pieces for the holidays.",
        buttonText: "Shop Now",
        buttonTextAr: "تسوقي الآن",
        link: "/shop?collection=eid",
        image: banner,
      },
    });
    await call(`/promos/active/${promo._id}`, { token: adminToken, body: { active: true } });
  }
  catalog.all = all;
  catalog.linen = (await call<ProductDTO>(`/products/${all[0]._id}`)) as ProductDTO;
  catalog.soldOut = all[3];
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await signInAdmin();
  await seedCatalog();
}, 120_000);
afterAll(() => browser?.close());

// ── Browser helpers ─────────────────────────────────────────────────────────────────────────

async function open(
  lang: Lang,
  opts: { width?: number; token?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, { lang, width: opts.width });
  if (opts.token)
    await context.addCookies([
      { name: "access_token", value: opts.token, url: baseUrl(), httpOnly: true, sameSite: "Strict" },
    ]);
  const page = await context.newPage();
  // Fades (the headline bar's) finish at once, so axe measures colours as they rest, not mid-fade.
  await page.emulateMedia({ reducedMotion: "reduce" });
  return { context, page, errors: failOnConsoleErrors(page) };
}

async function expectToast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ state: "visible", timeout: 10_000 });
}

/** The EGP amount a price shows, as a number ("EGP 1,250" or "1,250 ج.م." → 1250). */
const amount = (s: string) => Number(/\d[\d,]*(?:\.\d+)?/.exec(s)?.[0].replace(/,/g, "") ?? Number.NaN);

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByTestId("product-card")
    .locator("[data-testid=price] bdi")
    .evaluateAll((els) =>
      // The first <bdi> of each price block is the price paid.
      els.filter((el) => !el.closest("s")).map((el) => el.textContent ?? ""),
    );
  return texts.map(amount);
}

const TEXT = {
  en: {
    shopNow: "Shop Now",
    dresses: "Dresses",
    apply: "Apply",
    reset: "Reset All",
    sortAsc: "Price low to high",
    filters: "Filters",
    inStock: "In stock, ready to ship",
    outOfStock: "Out of stock",
    save: "Save",
    notFound: "Product not found",
    nameRequired: "Please enter your name",
    textRequired: "Please write your review",
    starsRequired: "Please choose a rating from 1 to 5 stars",
    maxImages: "Maximum 3 images allowed",
    posted: "Thank you! Your review is posted.",
    deleted: "Post deleted successfully",
    viewAll: "VIEW ALL",
    selectSizeColor: "Please select size and color",
    addedToCart: "Added to cart",
  },
  ar: {
    shopNow: "تسوقي الآن",
    dresses: "فساتين",
    apply: "تطبيق",
    reset: "إعادة ضبط الكل",
    sortAsc: "السعر من الأقل للأعلى",
    filters: "التصفية",
    inStock: "متوفر وجاهز للشحن",
    outOfStock: "غير متوفر",
    save: "وفّري",
    notFound: "المنتج غير موجود",
    // The shared review schema's own Arabic wording (core/validation/post.ts).
    nameRequired: arCatalogAdmin.postNameRequired,
    textRequired: arCatalogAdmin.postTextRequired,
    starsRequired: arCatalogAdmin.starsRequired,
    maxImages: arCatalogAdmin.postMaxImages,
    posted: "شكرًا لكِ! تم نشر رأيك.",
    deleted: "تم حذف المنشور بنجاح",
    viewAll: "عرض الكل",
    selectSizeColor: "يرجى اختيار المقاس واللون",
    addedToCart: "تمت الإضافة إلى السلة",
  },
} as const;

// ── Journeys ────────────────────────────────────────────────────────────────────────────────

for (const lang of ["en", "ar"] as const) {
  const T = TEXT[lang];

  describe(`storefront on a desktop (${lang})`, () => {
    it("goes from the home page's hero and rows to a category in the shop", async () => {
      const { context, page, errors } = await open(lang);
      await page.goto("/");
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      await page.getByTestId("hero").waitFor();
      expect(await page.getByTestId("hero-slide").count()).toBeGreaterThanOrEqual(3);
      const heroImage = page.getByTestId("hero-slide").first().locator("img");
      expect(await heroImage.getAttribute("loading")).toBe("eager");
      expect(await heroImage.getAttribute("fetchpriority")).toBe("high");
      expect(await page.getByTestId("hero-button").allInnerTexts()).toContain(T.shopNow);
      // The carousel pauses while the pointer rests on it.
      // (Pointer out and in again on each try, in case the first hover came before hydration.)
      await expect
        .poll(async () => {
          await page.mouse.move(0, 0);
          await page.getByTestId("hero").hover();
          return page.getByTestId("hero").getAttribute("data-paused");
        })
        .toBe("true");

      // Every row says VIEW ALL and shows as many cards side by side as the count rule gives.
      // Rows below the first screen hold a placeholder until scrolled near (docs/decisions/080).
      const featured = page.getByTestId("row-featured");
      expect(await featured.getByTestId("cards-placeholder").count()).toBe(1);
      const placeholderHeight = (await featured.boundingBox())!.height;
      await featured.scrollIntoViewIfNeeded();
      await featured.getByTestId("product-card").first().waitFor();
      expect((await featured.boundingBox())!.height).toBeCloseTo(placeholderHeight, 0); // nothing below moves
      const cards = await featured.getByTestId("product-card").count();
      expect(Number(await featured.getAttribute("data-columns"))).toBe(productsPerRow(cards));
      for (const row of await page.locator("[data-testid^=row-]").all()) {
        expect(await row.getByTestId("view-all").innerText()).toContain(T.viewAll);
      }
      // Lazy images below the fold, with srcset for the uploaded widths.
      const rowImage = featured.getByTestId("product-card").first().locator("img").first();
      expect(await rowImage.getAttribute("loading")).toBe("lazy");
      expect(await rowImage.getAttribute("srcset")).toMatch(/-400\.webp 400w, .*-1600\.webp 1600w/);
      expect(await rowImage.getAttribute("width")).toBeTruthy();

      // Home rows carry card-sized products: Quick View fetches the rest.
      const firstCard = featured.getByTestId("product-card").first();
      await firstCard.hover();
      await firstCard.getByTestId("quick-view-button").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("add-to-cart").waitFor();
      expect(await dialog.getByTestId("product-title").textContent()).toBe(
        await firstCard.getByTestId("product-name").textContent(),
      );
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      await page.getByTestId("row-category-dresses").getByTestId("view-all").click();
      await page.waitForURL(/\/shop\?category=dresses$/);
      expect(await page.getByTestId("shop-title").textContent()).toBe(T.dresses);
      expect(await page.getByTestId("breadcrumb").innerText()).toContain(T.dresses);
      expect(errors).toEqual([]);
      await context.close();
    });

    it("filters, sorts and pages the shop, every filter kept in the URL", async () => {
      const { context, page, errors } = await open(lang);
      await page.goto(`/shop?search=${TOKEN}`);
      expect(await page.getByTestId("product-card").count()).toBe(10);
      // The first card's picture is the page's largest paint on a phone: asked for first, at once.
      const pictures = page.getByTestId("product-card").locator("img:not([alt=''])");
      expect(await pictures.first().getAttribute("fetchpriority")).toBe("high");
      expect(await pictures.first().getAttribute("loading")).toBe("eager");
      expect(await pictures.nth(1).getAttribute("fetchpriority")).toBeNull();
      // 14 products, 10 a page: pages 1 and 2 only; a page past the end lands on the last one.
      expect(await page.getByTestId("pagination").getByRole("link", { name: /\d/ }).allInnerTexts()).toEqual([
        "1",
        "2",
      ]);
      await page.goto(`/shop?search=${TOKEN}&page=9`);
      await page.waitForURL(/page=2/);
      expect(await page.getByTestId("product-card").count()).toBe(4);

      // The sidebar sits at the inline start: left in English, right in Arabic.
      const sidebar = await page.getByTestId("filter-sidebar").boundingBox();
      const grid = await page.getByTestId("product-grid").boundingBox();
      if (lang === "ar") expect(sidebar!.x).toBeGreaterThan(grid!.x);
      else expect(sidebar!.x).toBeLessThan(grid!.x);

      await page.goto(`/shop?search=${TOKEN}`);
      await page.getByTestId("filter-category").selectOption("dresses");
      await page.getByTestId("filter-in-stock").check();
      await page.getByTestId("filter-apply").click();
      await page.waitForURL(
        (u) => u.searchParams.get("category") === "dresses" && u.searchParams.get("inStock") === "true",
      );
      // This run's in-stock dresses: the linen one and three more.
      await expect.poll(() => page.getByTestId("product-card").count()).toBe(4);
      const names = await page.getByTestId("product-name").allInnerTexts();
      expect(names.every((n) => /dress/i.test(n) || n.includes("فستان"))).toBe(true);

      // Sort: price low to high, kept with the filters.
      await page.getByTestId("sort-select").selectOption({ label: T.sortAsc });
      await page.waitForURL(
        (u) => u.searchParams.get("sortBy") === "asc" && u.searchParams.get("category") === "dresses",
      );
      // The in-stock dresses of this run cost 240 (300 less 20%), 900, 1500 and 2100.
      await expect.poll(() => cardPrices(page)).toEqual([240, 900, 1500, 2100]);

      // Price range from the URL (0 to 100000) reaches the listing.
      await page.goto(`/shop?search=${TOKEN}&price=0-700&sortBy=desc`);
      const cheap = await cardPrices(page);
      expect(cheap.length).toBeGreaterThan(0);
      expect(cheap.every((p) => p <= 700)).toBe(true);
      expect(cheap).toEqual([...cheap].sort((a, b) => b - a));

      // The sold-out piece has its badge, and disappears under "In stock only".
      await page.goto(`/shop?search=${encodeURIComponent(catalog.soldOut.code)}`);
      await page.getByTestId("badge-sold-out").first().waitFor();

      await page.getByTestId("filter-reset").click();
      await page.waitForURL((u) => u.pathname === "/shop" && u.search === "");

      // Nonsense values are ignored, and an empty result shows the empty state.
      await page.goto("/shop?category=drills&sortBy=sideways&price=abc&search=qqvvkkjjwwxx");
      await page.getByTestId("shop-empty").waitFor();

      // The compact grid is a URL choice too.
      await page.goto(`/shop?search=${TOKEN}`);
      await page.getByTestId("grid-compact").click();
      await page.waitForURL(/view=compact/);
      await expect.poll(() => page.getByTestId("product-grid").getAttribute("data-layout")).toBe("compact");
      expect(errors).toEqual([]);
      await context.close();
    });

    it("opens a product: discounted price with the saving, stock, sizes, colours and bulk totals", async () => {
      const { context, page, errors } = await open(lang);
      await page.goto(`/shop?search=${encodeURIComponent(catalog.linen.code)}`);
      await page.getByTestId("product-card").first().getByTestId("product-name").click();
      await page.waitForURL(`**/product/${catalog.linen._id}`);
      const title = await page.getByTestId("product-title").textContent();
      expect(title).toBe(lang === "ar" ? `فستان كتان ملفوف ${TOKEN}` : `Linen Wrap Dress ${TOKEN}`);
      // Arabic specifications where given; the description falls back to English where not.
      expect(await page.getByTestId("highlights").innerText()).toContain(lang === "ar" ? "قطن 100%" : "100% cotton");

      // 300 EGP, 20% off: 240, the 300 struck through, Save EGP 60.
      expect(amount(await page.getByTestId("original-price").innerText())).toBe(300);
      expect(await page.getByTestId("saving").innerText()).toContain(T.save);
      expect(amount(await page.getByTestId("saving").innerText())).toBe(60);
      expect(await page.getByTestId("stock").innerText()).toContain(T.inStock);

      // Nothing chosen yet: the cart asks for a size and a colour.
      await page.getByTestId("add-to-cart").click();
      await expectToast(page, T.selectSizeColor);

      // Colours are a named radio group; sizes too.
      expect(await page.getByTestId("color-swatches").getByRole("radio").count()).toBe(2);
      await page.getByTestId("size-picker").getByText("M", { exact: true }).click();
      // The radio itself is visually hidden behind its swatch; a click on the swatch checks it.
      await page
        .getByTestId("color-swatches")
        .getByRole("radio", { name: lang === "ar" ? "أسود" : "Black" })
        .check({ force: true });

      // Three pieces make a bulk set: 1200 less 20% = 960.
      await page.getByRole("button", { name: lang === "ar" ? "زيادة الكمية" : "Increase quantity" }).click();
      await page.getByRole("button", { name: lang === "ar" ? "زيادة الكمية" : "Increase quantity" }).click();
      await page.getByText(lang === "ar" ? "تم تطبيق سعر الجملة" : "Bulk price applied").waitFor();
      expect(await page.getByTestId("quantity-input").inputValue()).toBe("3");

      await page.getByTestId("add-to-cart").click();
      await expectToast(page, T.addedToCart);

      // Open Graph image and JSON-LD Product with EGP price and availability.
      expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^http.*\/uploads\//);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(ld["@type"]).toBe("Product");
      expect(ld.offers).toMatchObject({
        price: "240.00",
        priceCurrency: "EGP",
        availability: "https://schema.org/InStock",
      });
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
        `${baseUrl()}/product/${catalog.linen._id}`,
      );
      expect(await page.locator('link[rel="alternate"][hreflang="ar"]').getAttribute("href")).toBe(
        `${baseUrl()}/product/${catalog.linen._id}?lang=ar`,
      );
      expect(await page.locator('link[rel="alternate"][hreflang="x-default"]').count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });

    it("shows a sold-out product with Add to cart disabled", async () => {
      const { context, page } = await open(lang);
      await page.goto(`/product/${catalog.soldOut._id}`);
      expect(await page.getByTestId("stock").innerText()).toContain(T.outOfStock);
      expect(await page.getByTestId("add-to-cart").isDisabled()).toBe(true);
      await context.close();
    });

    it("opens Quick View from a card and closes it with Escape", async () => {
      const { context, page, errors } = await open(lang);
      await page.goto(`/shop?search=${encodeURIComponent(catalog.linen.code)}`);
      const card = page.getByTestId("product-card").first();
      await card.hover();
      await card.getByTestId("quick-view-button").click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.getByTestId("product-title").textContent()).toContain(TOKEN);
      expect(await dialog.getByTestId("add-to-cart").isEnabled()).toBe(true);
      expect(await dialog.getByTestId("saving").count()).toBe(1);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(errors).toEqual([]);
      await context.close();
    });

    it("turns an unknown product id into the 'Product not found' toast on the shop", async () => {
      const { context, page } = await open(lang);
      await page.goto("/product/00000000-0000-4000-8000-000000000000");
      await page.waitForURL((u) => u.pathname === "/shop");
      await expectToast(page, T.notFound);
      await page.waitForURL((u) => !u.searchParams.has("notice"));
      await context.close();
    });

    it("sends a guest's heart to sign in, and back to the product", async () => {
      const { context, page } = await open(lang);
      await page.goto(`/product/${catalog.linen._id}`);
      await page.getByTestId("product-details").getByTestId("wishlist-button").click();
      await page.waitForURL(
        (u) => u.pathname === "/auth" && u.searchParams.get("redirect") === `/product/${catalog.linen._id}`,
      );
      await context.close();
    });

    it("has no serious or critical accessibility violations on home, shop and product", async () => {
      const { context, page } = await open(lang);
      for (const path of ["/", `/shop?search=${TOKEN}`, `/product/${catalog.linen._id}`]) {
        await page.goto(path);
        expect(await accessibilityViolations(page), path).toEqual([]);
      }
      await context.close();
    });
  });

  describe(`storefront on a 390 px phone (${lang})`, () => {
    it("shows scroll arrows in home rows and moves the row with them", async () => {
      const { context, page, errors } = await open(lang, { width: 390 });
      await page.goto("/");
      const row = page.getByTestId("row-featured");
      await row.scrollIntoViewIfNeeded();
      const forward = row.getByTestId("scroll-forward");
      await forward.waitFor();
      expect(await forward.isVisible()).toBe(true);
      const list = row.getByRole("list").first();
      const before = await list.evaluate((el) => Math.abs(el.scrollLeft));
      await forward.click();
      await page.waitForFunction((el) => Math.abs(el!.scrollLeft) > 0, await list.elementHandle());
      expect(await list.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(before);
      expect(errors).toEqual([]);
      await context.close();
    });

    it("filters from a bottom sheet with Apply", async () => {
      const { context, page, errors } = await open(lang, { width: 390 });
      await page.goto(`/shop?search=${TOKEN}`);
      expect(await page.getByTestId("filter-sidebar").isVisible()).toBe(false);
      await page.getByTestId("open-filters").click();
      const sheet = page.getByTestId("filter-sheet");
      await sheet.waitFor();
      const box = await sheet.boundingBox();
      expect(Math.round(box!.y + box!.height)).toBe(844); // pinned to the bottom of the screen
      await sheet.getByTestId("filter-discount").check();
      await sheet.getByRole("button", { name: T.apply }).click();
      await page.waitForURL((u) => u.searchParams.get("discount") === "true");
      await sheet.waitFor({ state: "detached" });
      // Demo discounts may cover whole categories; the API says how many of this run's pieces are on sale.
      const onSale = await call<{ metadata: { total: number } }>(`/products?search=${TOKEN}&discount=true`, {
        method: "GET",
      });
      expect(onSale.metadata.total).toBeGreaterThanOrEqual(1);
      // Poll the badges, not just the cards: the unfiltered grid may also hold ten cards until it re-renders.
      await expect.poll(() => page.getByTestId("badge-discount").count()).toBe(Math.min(10, onSale.metadata.total));
      expect(await page.getByTestId("product-card").count()).toBe(Math.min(10, onSale.metadata.total));
      expect(await page.getByTestId("open-filters").innerText()).toContain(T.filters);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    it("opens a product with its gallery, thumbnails and a high-priority first image", async () => {
      const { context, page } = await open(lang, { width: 390 });
      await page.goto(`/product/${catalog.linen._id}`);
      const first = page.getByTestId("gallery-strip").locator("img").first();
      expect(await first.getAttribute("fetchpriority")).toBe("high");
      expect(await page.getByTestId("gallery-thumb").count()).toBe(2);
      await page.getByTestId("gallery-thumb").nth(1).click();
      await page.waitForFunction(
        () =>
          document.querySelector("[data-testid=gallery-thumb][aria-current=true]") ===
          document.querySelectorAll("[data-testid=gallery-thumb]")[1],
      );
      expect(await accessibilityViolations(page)).toEqual([]);
      await context.close();
    });
  });

  describe(`community posts (${lang})`, () => {
    it("asks a guest to sign in before sharing a review", async () => {
      const { context, page } = await open(lang);
      await page.goto("/posts");
      await page.getByTestId("post-sign-in").waitFor();
      expect(await page.getByTestId("post-form").count()).toBe(0);
      await context.close();
    });

    it("shows the form's messages, posts a review with a photo, and lets the admin delete it", async () => {
      const { context, page, errors } = await open(lang, { token: adminToken });
      await page.goto("/posts");
      const form = page.getByTestId("post-form");
      await form.getByTestId("post-submit").click();
      await form.getByText(T.nameRequired).waitFor();
      await form.getByText(T.textRequired).waitFor();
      await form.getByText(T.starsRequired).waitFor();

      // Four photos at once are one too many.
      const png = await pngOf(40, 2400, 1800);
      const file = (n: number) => ({ name: `photo-${n}.png`, mimeType: "image/png", buffer: png });
      await form.getByTestId("post-images").setInputFiles([file(1), file(2), file(3), file(4)]);
      await form.getByText(T.maxImages).first().waitFor();

      // One photo: compressed in the browser, uploaded; submit waits for it.
      await form.getByTestId("post-images").setInputFiles([file(1)]);
      await page.waitForFunction(() => {
        const form = document.querySelector("[data-testid=post-form]");
        return (
          form?.querySelectorAll("img").length === 1 &&
          !(form.querySelector("[data-testid=post-submit]") as HTMLButtonElement).disabled
        );
      });
      const name = `Reviewer ${TOKEN} ${lang}`;
      await form.getByRole("textbox").first().fill(name);
      await form.locator("textarea").fill("The fabric is soft and the delivery to Giza took two days. ".repeat(4));
      await form.getByTestId("star-picker").getByRole("radio").nth(3).check({ force: true });
      await form.getByTestId("post-submit").click();
      await expectToast(page, T.posted);

      const card = page.getByTestId("post-card").filter({ hasText: name });
      await card.waitFor();
      // The preview is 150 characters; Read more shows the rest.
      expect((await card.getByTestId("post-text").innerText()).length).toBeLessThanOrEqual(151);
      expect(await card.locator("img").getAttribute("src")).toMatch(/\/uploads\/.+\.webp$/);

      await card.getByTestId("delete-post").click();
      await page.getByTestId("confirm-button").click();
      await expectToast(page, T.deleted);
      await card.waitFor({ state: "detached" });
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

describe("signed-in customers and staff", () => {
  it("shows the home page's reviews when they come near view, their code fetched then (decision 350)", async () => {
    const name = `Home reviewer ${TOKEN}`;
    await call("/posts", { token: adminToken, body: { name, description: "Soft fabric, quick delivery.", stars: 5 } });
    const { context, page, errors } = await open("en");
    await page.goto("/");
    await page.getByTestId("home-reviews").scrollIntoViewIfNeeded();
    await page.getByTestId("post-card").filter({ hasText: name }).waitFor();
    expect(await page.getByTestId("reviews-placeholder").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("adds to and removes from the wishlist, down to its empty state", async () => {
    const { context, page } = await open("en", { token: adminToken });
    // Start from an empty list, whatever an earlier run left.
    for (const p of await call<ProductDTO[]>("/wishlist", { method: "GET", token: adminToken })) {
      await call(`/wishlist/${p._id}`, { method: "DELETE", token: adminToken });
    }
    await page.goto(`/product/${catalog.linen._id}`);
    const heart = page.getByTestId("product-details").getByTestId("wishlist-button");
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await page.waitForFunction(
      () =>
        document
          .querySelector("[data-testid=product-details] [data-testid=wishlist-button]")
          ?.getAttribute("aria-pressed") === "true",
    );
    await page.goto("/wishlist");
    expect(await page.getByTestId("product-card").count()).toBe(1);
    await page.getByTestId("product-card").getByTestId("wishlist-button").click();
    await page.getByTestId("wishlist-empty").waitFor();
    await page.getByTestId("wishlist-empty").getByRole("link").click();
    await page.waitForURL((u) => u.pathname === "/shop");
    await context.close();
  });

  it("lets staff edit or delete a product from its page; the deleted one is gone from the shop", async () => {
    const image = await upload(90);
    const { product } = await call<{ product: ProductDTO }>("/products", {
      token: adminToken,
      body: {
        name: `Throwaway ${TOKEN}`,
        code: `${TOKEN}-DEL`,
        description: "To be deleted.",
        category: "tops",
        price: 100,
        stock: 3,
        images: [image],
        sizes: ["M"],
        colors: ["#000000"],
      },
    });
    const { context, page } = await open("en", { token: adminToken });
    await page.goto(`/product/${product._id}`);
    expect(await page.getByTestId("edit-product").getAttribute("href")).toBe(`/moderator/edit-product/${product._id}`);
    await page.getByTestId("delete-product").click();
    await page.getByTestId("confirm-button").click();
    await page.waitForURL((u) => u.pathname === "/shop");
    await expectToast(page, "Product deleted");
    await context.close();

    const guest = await open("en");
    await guest.page.goto(`/product/${product._id}`);
    await guest.page.waitForURL((u) => u.pathname === "/shop");
    await guest.context.close();
  });
});

describe("search engines", () => {
  it("lists visible products and categories in sitemap.xml, never a deleted one", async () => {
    // Its own deleted product, so the test stands alone (it used to read the staff journey's).
    const image = await upload(150);
    const { product: gone } = await call<{ product: ProductDTO }>("/products", {
      token: adminToken,
      body: {
        name: `Sitemap Throwaway ${TOKEN}`,
        code: `${TOKEN}-MAP`,
        description: "To be deleted.",
        category: "tops",
        price: 100,
        stock: 3,
        images: [image],
        sizes: ["M"],
        colors: ["#000000"],
      },
    });
    await call(`/products/${gone._id}`, { method: "DELETE", token: adminToken });
    const deletedProductId = gone._id;
    const res = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toContain(`/product/${catalog.linen._id}</loc>`);
    expect(xml).toContain("/shop?category=dresses</loc>");
    expect(xml).toContain('hreflang="ar"');
    expect(xml).not.toContain(deletedProductId);
  });

  it("serves the Arabic page for ?lang=ar without a language cookie, and remembers it", async () => {
    const context = await newContext(browser, {});
    const page = await context.newPage();
    await page.goto(`/product/${catalog.linen._id}?lang=ar`);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.getByTestId("product-title").textContent()).toContain("فستان كتان ملفوف");
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("ar");
    await context.close();
  });
});
