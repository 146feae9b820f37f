import { describe, expect, it } from "vitest";
import { shopQueryFromUrl } from "../../core/shop-query";
import { productsPerRow, rowColumns } from "../../app/components/home/row-layout";
import { clampPage, pageWindow } from "../../app/components/catalog/page-window";
import {
  EMPTY_FILTERS,
  activeFilterCount,
  filtersToParams,
  parseShopFilters,
  shopPageSize,
  priceToSlider,
  sliderToPrice,
} from "../../app/components/catalog/shop-filters";
import {
  isNewProduct,
  productDescription,
  productName,
  productSpecifications,
} from "../../app/components/catalog/product-text";
import { imageSources } from "../../app/components/catalog/image-sources";
import { colorName } from "../../core/color-names";
import { postPreview } from "../../app/components/posts/post-text";
import { fitWithin } from "../../app/components/posts/compress-image";

describe("home rows: products per row (SPEC §2 Home)", () => {
  it("shows 1 for 1, 2 for 2, 3 up to 5, 4 up to 10 and 5 beyond", () => {
    expect([1, 2, 3, 5, 6, 10, 11, 40].map(productsPerRow)).toEqual([1, 2, 3, 3, 4, 4, 5, 5]);
  });

  it("never puts more than 2 cards side by side on a phone, or 3 on a tablet", () => {
    expect(rowColumns(12)).toEqual({ sm: 2, md: 3, lg: 5 });
    expect(rowColumns(1)).toEqual({ sm: 1, md: 1, lg: 1 });
  });
});

describe("shop pagination window (SPEC §2 Shop)", () => {
  it("shows three pages around the current one", () => {
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
  });

  it("slides inwards at the first and the last page, never outside 1..N", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("forces a requested page into 1..N", () => {
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(99, 4)).toBe(4);
    expect(clampPage(Number.NaN, 4)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });
});

describe("shop filters in the URL", () => {
  it("reads every filter of the spec", () => {
    const f = parseShopFilters(
      new URLSearchParams(
        "search=dress&category=dresses&collection=eid&sortBy=desc&inStock=true&discount=true&price=500-3000",
      ),
    );
    expect(f).toEqual({
      search: "dress",
      category: "dresses",
      collection: "eid",
      sortBy: "desc",
      inStock: true,
      discount: true,
      priceMin: 500,
      priceMax: 3000,
    });
  });

  it("ignores nonsense values instead of failing", () => {
    const f = parseShopFilters(
      new URLSearchParams("category=drills&collection=x&sortBy=random&inStock=maybe&price=abc&page=-3"),
    );
    expect(f).toEqual(EMPTY_FILTERS);
    const price = (v: string) => {
      const { priceMin, priceMax } = parseShopFilters(new URLSearchParams({ price: v }));
      return [priceMin, priceMax];
    };
    // One rule with GET /api/products (docs/decisions/160): a reversed range is swapped, decimals are kept.
    expect(price("9000-100")).toEqual([100, 9000]);
    expect(price("10.5-20.25")).toEqual([10.5, 20.25]);
    expect(price("0-999999")).toEqual([0, 100_000]);
    expect(shopQueryFromUrl(new URLSearchParams("page=-3")).page).toBe(1);
    expect(shopQueryFromUrl(new URLSearchParams("page=2.5")).page).toBe(1);
    expect(shopPageSize("33")).toBe(10);
    expect(shopPageSize("50")).toBe(50);
  });

  it("reads the no-script form's price boxes and never refuses an overlong price on the page", () => {
    expect(parseShopFilters(new URLSearchParams("priceMin=500&priceMax=&category=tops"))).toEqual({
      ...EMPTY_FILTERS,
      category: "tops",
      priceMin: 500,
    });
    expect(parseShopFilters(new URLSearchParams("priceMin=3000&priceMax=1000"))).toMatchObject({
      priceMin: 1000,
      priceMax: 3000,
    });
    expect(shopQueryFromUrl(new URLSearchParams({ price: "1".repeat(100) })).price).toBeUndefined();
  });

  it("writes only what differs from the defaults, so a link round-trips", () => {
    const f = { ...EMPTY_FILTERS, category: "tops" as const, priceMin: 1000, priceMax: 100_000 };
    const params = filtersToParams(f);
    expect(params.toString()).toBe("category=tops&price=1000-100000");
    expect(parseShopFilters(params)).toEqual(f);
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe("");
    expect(activeFilterCount(f)).toBe(2);
  });

  it("maps the 0-10000 slider onto the 0-100000 URL range, the top end meaning 'and above'", () => {
    expect(priceToSlider({ priceMin: 0, priceMax: 100_000 })).toEqual([0, 10_000]);
    expect(priceToSlider({ priceMin: 2500, priceMax: 4200 })).toEqual([2000, 5000]);
    expect(sliderToPrice([1000, 10_000])).toEqual({ priceMin: 1000, priceMax: 100_000 });
    expect(sliderToPrice([0, 3000])).toEqual({ priceMin: 0, priceMax: 3000 });
  });
});

describe("product texts and badges", () => {
  const p = {
    name: "Linen Dress",
    nameAr: "فستان كتان",
    description: "Light.",
    descriptionAr: null,
    specifications: ["100% linen"],
    specificationsAr: [],
  };

  it("shows the Arabic text in Arabic and falls back to English where there is none", () => {
    expect(productName(p, "ar")).toBe("فستان كتان");
    expect(productName(p, "en")).toBe("Linen Dress");
    expect(productDescription(p, "ar")).toBe("Light.");
    expect(productSpecifications(p, "ar")).toEqual(["100% linen"]);
  });

  it("marks a product NEW for 7 days after it was created", () => {
    const now = Date.parse("2026-03-10T12:00:00Z");
    expect(isNewProduct("2026-03-04T12:00:01Z", now)).toBe(true);
    expect(isNewProduct("2026-03-03T12:00:00Z", now)).toBe(false);
  });
});

describe("images", () => {
  it("lists every width of an upload for srcset", () => {
    expect(imageSources("/uploads/a-b_c-800.webp")).toEqual({
      src: "/uploads/a-b_c-800.webp",
      srcSet: "/uploads/a-b_c-400.webp 400w, /uploads/a-b_c-800.webp 800w, /uploads/a-b_c-1600.webp 1600w",
    });
    expect(imageSources("/demo/dress.svg")).toEqual({ src: "/demo/dress.svg" });
  });

  it("fits a review photo within 1920 px, keeping its shape", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it("names swatch colours for screen readers", () => {
    expect(colorName("#000000")).toBe("black");
    expect(colorName("#fefefe")).toBe("white");
    expect(colorName("#c0392b")).toBe("red");
    expect(colorName("navy")).toBe("navy");
    expect(colorName("not-a-colour")).toBeNull();
  });
});

describe("review preview (SPEC §2 Reviews)", () => {
  it("keeps a short review whole", () => {
    expect(postPreview("Lovely fit.")).toEqual({ text: "Lovely fit.", truncated: false });
  });

  it("cuts a long review to 150 characters at a word", () => {
    const long = "word ".repeat(60);
    const { text, truncated } = postPreview(long);
    expect(truncated).toBe(true);
    expect([...text].length).toBeLessThanOrEqual(151);
    expect(text.endsWith("word…")).toBe(true);
  });
});
