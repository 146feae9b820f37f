import { afterEach, describe, expect, it, vi } from "vitest";
import { createElement, lazy, Suspense, useId, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { KeptMarkup, KeptMarkupContext } from "../../app/lib/kept-markup";
import { forgetKeptMarkup, KeptMarkupPass } from "../../app/lib/kept-markup.server";
import { pageText } from "../../app/lib/page-pieces.server";
import { renderPage } from "../../app/lib/render-page.server";

const h = createElement;

let footerRenders = 0;

/** A part with an id of React's, a link list and Arabic text: what the shop's top bar and footer hold. */
function Footer({ lang, note }: { lang: string; note?: string }) {
  footerRenders++;
  const id = useId();
  return h(
    "footer",
    { "aria-labelledby": id },
    h("p", { id }, lang === "ar" ? "تسوقي" : "Shop"),
    h("ul", null, h("li", null, h("a", { href: "/shop?category=dresses" }, lang === "ar" ? "فساتين" : "Dresses"))),
    note ? h("small", null, note) : null,
  );
}

function Search() {
  const id = useId();
  return h("form", null, h("label", { htmlFor: id }, "Search"), h("input", { id }));
}

/** A page: a search box, the route's content, and the footer kept under the language alone. */
function Page({ lang, content, note }: { lang: string; content: ReactNode; note?: string }) {
  return h(
    "body",
    null,
    h(Search),
    h("main", null, content),
    h(KeptMarkup, { name: "footer", inputs: lang, children: h(Footer, { lang, note }) }),
  );
}

/** The server's render: the page in one pass with the store, then its copies filled in. */
function serverRender(element: ReactNode, verify = false): string {
  const pass = new KeptMarkupPass(verify);
  const html = renderToString(h(KeptMarkupContext.Provider, { value: pass }, element));
  return pageText(pass.finish(html));
}

afterEach(() => {
  vi.unstubAllEnvs();
  forgetKeptMarkup();
  footerRenders = 0;
});

describe("kept markup (decision 387)", () => {
  it("renders a part once per set of inputs and copies it into later pages, byte for byte", () => {
    const first = serverRender(h(Page, { lang: "ar", content: "فستان كتان" }));
    const second = serverRender(h(Page, { lang: "ar", content: "بلوزة ساتان" }));
    expect(footerRenders).toBe(1);
    expect(second).toContain("بلوزة ساتان");
    expect(second).toContain('<a href="/shop?category=dresses">فساتين</a>');
    // The same as a page whose footer was rendered, with nothing of the markers left.
    forgetKeptMarkup();
    expect(second).toBe(serverRender(h(Page, { lang: "ar", content: "بلوزة ساتان" })));
    expect(first).not.toContain("data-kept");
    expect(second).not.toContain("data-kept");
  });

  it("renders the part again for other inputs", () => {
    const ar = serverRender(h(Page, { lang: "ar", content: "x" }));
    const en = serverRender(h(Page, { lang: "en", content: "x" }));
    expect(footerRenders).toBe(2);
    expect(ar).toContain("فساتين");
    expect(en).toContain("Dresses");
  });

  it("writes the browser's markup: the same ids as the part rendered without the store", () => {
    // Without the store in context the part renders as in the browser, which hydrates the page.
    const browser = renderToString(h(Page, { lang: "en", content: "x" }));
    expect(serverRender(h(Page, { lang: "en", content: "x" }))).toBe(browser);
    expect(serverRender(h(Page, { lang: "en", content: "x" }))).toBe(browser);
    expect(footerRenders).toBe(2);
    expect(browser).toMatch(/<footer aria-labelledby="([^"]+)"><p id="\1">/);
  });

  it("in verify mode renders every time and fails a page whose part depends on an input not named", () => {
    serverRender(h(Page, { lang: "en", content: "x", note: "one" }), true);
    serverRender(h(Page, { lang: "en", content: "y", note: "one" }), true);
    expect(footerRenders).toBe(2);
    expect(() => serverRender(h(Page, { lang: "en", content: "z", note: "two" }), true)).toThrow(
      /Kept markup "footer" differs/,
    );
  });

  it("keeps a part under its place in the tree too, since React's ids come from it", () => {
    const twoPlaces = h(
      "body",
      null,
      h("div", null, h(KeptMarkup, { name: "footer", inputs: "en", children: h(Footer, { lang: "en" }) })),
      h(
        "section",
        null,
        h("i", null),
        h(KeptMarkup, { name: "footer", inputs: "en", children: h(Footer, { lang: "en" }) }),
      ),
    );
    const html = serverRender(twoPlaces);
    expect(footerRenders).toBe(2);
    const ids = [...html.matchAll(/<p id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(2);
    expect(serverRender(twoPlaces)).toBe(html);
    expect(footerRenders).toBe(2);
  });

  it("fills several parts, copied and new, in the page's order, after the prefix", () => {
    const twoParts = (lang: string) =>
      h(
        "body",
        null,
        h(KeptMarkup, { name: "header", inputs: "en", children: h(Search) }),
        h("main", null, "content"),
        h(KeptMarkup, { name: "footer", inputs: lang, children: h(Footer, { lang }) }),
      );
    const rendered = (lang: string) => {
      const pass = new KeptMarkupPass(false);
      const html = renderToString(h(KeptMarkupContext.Provider, { value: pass }, twoParts(lang)));
      return pageText(pass.finish(html, "<!DOCTYPE html>"));
    };
    const first = rendered("en");
    // The header copied, the footer new (another language), then both copied.
    const arabic = rendered("ar");
    expect(rendered("ar")).toBe(arabic);
    expect(footerRenders).toBe(2);
    expect(first).toBe(`<!DOCTYPE html>${renderToString(twoParts("en"))}`);
    expect(arabic).toBe(`<!DOCTYPE html>${renderToString(twoParts("ar"))}`);
  });

  it("refuses a kept part inside another, which would be kept with the inner one's markers", () => {
    const nested = h(KeptMarkup, {
      name: "outer",
      inputs: "en",
      children: h("div", null, h(KeptMarkup, { name: "footer", inputs: "en", children: h(Footer, { lang: "en" }) })),
    });
    expect(() => serverRender(nested)).toThrow(/holds another kept part/);
  });

  it("leaves text that only looks like a marker alone", () => {
    const forged = '<template data-kept="0-0-copy"></template><template data-kept="0-0-open"></template>';
    const page = h(Page, { lang: "en", content: h("div", { dangerouslySetInnerHTML: { __html: forged } }) });
    serverRender(page);
    const html = serverRender(page);
    expect(html).toContain(forged);
    expect(html).toContain("Dresses");
  });

  it("is used by the page render, whole-string and streaming alike", async () => {
    // As a shop runs: the tests' own setting (vitest.config.ts) would render the part every time.
    vi.stubEnv("KEPT_MARKUP_VERIFY", "");
    const page = h("html", null, h("head", null), h(Page, { lang: "ar", content: "x" }));
    const first = pageText((await renderPage(page, undefined, 1000)).pieces);
    const second = pageText((await renderPage(page, undefined, 1000)).pieces);
    expect(footerRenders).toBe(1);
    expect(second).toBe(first);
    expect(second).toContain("فساتين");
    // A lazy part's first use sends the page down the streaming render: the copy is filled there too.
    const Sizes = lazy(async () => ({
      default: () => h("table", null, h("tbody", null, h("tr", null, h("td", null, "M 38")))),
    }));
    const streamed = pageText(
      (
        await renderPage(
          h("html", null, h("head", null), h(Page, { lang: "ar", content: h(Suspense, { fallback: "…" }, h(Sizes)) })),
          undefined,
          1000,
        )
      ).pieces,
    );
    expect(footerRenders).toBe(1);
    expect(streamed).toContain("<td>M 38</td>");
    expect(streamed).toContain(second.slice(second.indexOf("<footer"), second.indexOf("</footer>")));
    expect(streamed).not.toContain("data-kept");
  });

  it("copies a kept part as its bytes, not as a slice of the first page's text (decision 395)", () => {
    const render = (content: string) => {
      const pass = new KeptMarkupPass(false);
      return pass.finish(
        renderToString(h(KeptMarkupContext.Provider, { value: pass }, h(Page, { lang: "ar", content }))),
      );
    };
    const first = render("فستان كتان");
    const second = render("بلوزة ساتان");
    const copy = second.find((piece) => Buffer.isBuffer(piece));
    expect(copy).toBeInstanceOf(Buffer);
    expect(copy!.toString("utf8")).toMatch(/^<footer[^>]*>.*فساتين.*<\/footer>$/);
    expect(pageText(first)).toContain(copy!.toString("utf8"));
  });
});
