/**
 * The shop's product count (issue 14, decision 320): a total the listing's count stopped at
 * (`totalIsAtLeast`) reads "1,000+", in both languages, with the number isolated for Arabic text;
 * the pager offers no page past those counted.
 */
import { describe, expect, it } from "vitest";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { dictionaries, type Dictionary } from "../../core/i18n";
import type { Lang } from "../../core/constants";
import { I18nProvider } from "../../app/i18n/react";
import { ProductCount } from "../../app/components/catalog/product-count";
import { Pagination } from "../../app/components/catalog/pagination";

const render = (lang: Lang, node: ReactNode) =>
  renderToStaticMarkup(
    h(
      StaticRouter,
      { location: "/shop" },
      h(I18nProvider as (p: { lang: Lang; dict: Dictionary }) => ReactNode, { lang, dict: dictionaries[lang] }, node),
    ),
  );
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("product count", () => {
  it("says '1,000+ products' when the count stopped at its ceiling", () => {
    const html = render("en", h(ProductCount, { total: 1000, atLeast: true }));
    expect(text(html)).toBe("1,000+ products");
    expect(html).toContain("<bdi>1,000</bdi>");
  });

  it("says 'more than 1,000 products' in Arabic, the number isolated so it reads left to right", () => {
    const html = render("ar", h(ProductCount, { total: 1000, atLeast: true }));
    expect(text(html)).toBe("أكثر من 1,000 منتج");
    expect(html).toContain("<bdi>1,000</bdi>");
  });

  it("keeps the exact count (and its plural forms) below the ceiling", () => {
    expect(text(render("en", h(ProductCount, { total: 62 })))).toBe("62 products");
    expect(text(render("en", h(ProductCount, { total: 1 })))).toBe("1 product");
    expect(text(render("en", h(ProductCount, { total: 1000 })))).toBe("1,000 products");
    expect(text(render("ar", h(ProductCount, { total: 0 })))).toBe("لا منتجات");
    expect(text(render("ar", h(ProductCount, { total: 2 })))).toBe("منتجان");
    expect(text(render("ar", h(ProductCount, { total: 62 })))).toBe("62 منتجًا");
  });
});

describe("pagination of a listing counted up to its ceiling", () => {
  const pager = (page: number, totalPages: number) =>
    render("en", h(Pagination, { page, totalPages, hrefFor: (n: number) => `/shop?page=${n}` }));
  const pageLinks = (html: string) => [...html.matchAll(/href="\/shop\?page=(\d+)"/g)].map((m) => Number(m[1]));

  it("offers the pages counted and no further: at the last counted page there is no next", () => {
    // 1,000+ products at 25 a page: 40 pages are known.
    const last = pageLinks(pager(40, 40));
    expect(Math.max(...last)).toBe(40);
    expect(pager(40, 40)).not.toContain('aria-label="Next page"');
    const first = pageLinks(pager(1, 40));
    expect(Math.max(...first)).toBeLessThanOrEqual(40);
    expect(first).toContain(2);
  });
});
