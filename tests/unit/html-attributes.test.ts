/**
 * Attributes React 18 does not know by name (decision 390): `inert` and `fetchpriority` must reach
 * the HTML as the browser reads them. With React 18, `inert={true}` wrote nothing, so a closed
 * sidebar's links stayed focusable.
 */
import { describe, expect, it } from "vitest";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { dictionaries, type Dictionary } from "../../core/i18n";
import type { Lang } from "../../core/constants";
import { I18nProvider } from "../../app/i18n/react";
import { DesktopSidebar } from "../../app/components/shell/side-menu";
import { ProductImage } from "../../app/components/catalog/product-image";
import { highFetchPriorityWhen, inertWhen } from "../../app/lib/html-attributes";

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    h(
      StaticRouter,
      { location: "/" },
      h(
        I18nProvider as (p: { lang: Lang; dict: Dictionary }) => ReactNode,
        { lang: "en", dict: dictionaries.en },
        node,
      ),
    ),
  );

describe("HTML attributes React 18 writes only as strings", () => {
  it("makes a closed desktop sidebar inert, and an open one not", () => {
    expect(render(h(DesktopSidebar, { user: null, open: false }))).toMatch(/<aside[^>]* inert=""/);
    expect(render(h(DesktopSidebar, { user: null, open: true }))).not.toMatch(/<aside[^>]* inert/);
  });

  it("asks for the LCP picture first, and for no other", () => {
    const image = (priority: boolean) =>
      render(h(ProductImage, { url: "/uploads/a-800.webp", alt: "A dress", width: 800, height: 1000, priority }));
    expect(image(true)).toContain('fetchpriority="high"');
    expect(image(false)).not.toContain("fetchpriority");
  });

  it("spreads nothing when off", () => {
    expect(inertWhen(false)).toEqual({});
    expect(highFetchPriorityWhen(false)).toEqual({});
  });
});
