/**
 * The demo shop seeded on an empty database at first start (DESIGN.md §3): 62 approved products
 * across the ten categories in English and Arabic, four pending ones, discounts (one with free
 * shipping), a bulk-priced tee, three hero slides, three headlines and six reviews. Pictures are
 * drawn locally (demo-images.ts); nothing is downloaded.
 */
import { toPiastres } from "@core/pricing";
import type { AppDeps } from "../../deps";
import { discounts, headlines, posts, products, productVariants, promoBanners, sizeGuides } from "../schema";
import { demoVariants } from "./demo-variants";
import { buildSearchText } from "../../modules/catalog/search-text";
import { refreshProductPricing } from "../../modules/catalog/refresh-pricing";
import { syncProductStock } from "../../modules/catalog/variants";
import {
  COLORS,
  DEMO_BANNERS,
  DEMO_DISCOUNTS,
  DEMO_HEADLINES,
  DEMO_POSTS,
  DEMO_PRODUCTS,
  codeOf,
  colorsOf,
  describeProduct,
  sizesOf,
} from "./demo-catalogue";
import { demoSizeGuides } from "./demo-size-guides";
import { bannerImage, garmentImage, imageUrl, renderImages, type ImageJob } from "./demo-images";

const DAY = 86_400_000;

export async function seedDemo(deps: AppDeps) {
  const started = Date.now();
  const now = Date.now();
  const jobs: ImageJob[] = [];

  const perCategory = new Map<string, number>();
  const productRows = DEMO_PRODUCTS.map((p, i) => {
    const nth = perCategory.get(p.category) ?? 0;
    perCategory.set(p.category, nth + 1);
    const colors = colorsOf(p, nth).map((c) => COLORS[c]);
    const front = garmentImage(p.category, colors[0]!);
    const back = garmentImage(p.category, colors[1]!);
    jobs.push(front, back);
    const row = {
      name: p.name,
      nameAr: p.nameAr,
      code: codeOf(p, i),
      ...describeProduct(p),
      category: p.category,
      collection: p.collection,
      price: toPiastres(p.price),
      stock: p.stock,
      images: [imageUrl(front), imageUrl(back)],
      sizes: sizesOf(p),
      colors,
      bulkDiscountminQuantity: p.bulk?.quantity ?? null,
      bulkDiscount: p.bulk ? toPiastres(p.bulk.price) : null,
      status: p.pending ? ("pending" as const) : ("approved" as const),
      soldCount: p.sold,
      // Spread within the day too, so "newest" has a stable, meaningful order.
      createdAt: new Date(now - p.age * DAY - i * 60_000),
    };
    return { ...row, searchText: buildSearchText(row) };
  });

  const bannerRows = DEMO_BANNERS.map((b) => {
    const job = bannerImage(b.key, b.colors, b.kinds);
    jobs.push(job);
    const { key: _key, colors: _colors, kinds: _kinds, ...fields } = b;
    return { ...fields, image: imageUrl(job), active: true };
  });

  // Pictures and rows are independent: draw while the database works.
  const drawing = renderImages(deps.storage.uploads, jobs);

  await deps.db.transaction(async (tx) => {
    const inserted = await tx.insert(products).values(productRows).returning({ id: products.id, name: products.name });
    const idByName = new Map(inserted.map((r) => [r.name, r.id]));
    await tx
      .insert(productVariants)
      .values(
        productRows.flatMap((p, i) =>
          demoVariants(p.code, i, p.sizes, p.colors, p.stock).map((v) => ({ productId: idByName.get(p.name)!, ...v })),
        ),
      );
    await syncProductStock(
      tx,
      inserted.map((r) => r.id),
    );
    await tx
      .insert(discounts)
      .values(
        DEMO_DISCOUNTS.map((d) =>
          "productName" in d
            ? { productId: idByName.get(d.productName)!, discount: d.discount, hasShipping: d.hasShipping }
            : { ...d },
        ),
      );
    await refreshProductPricing(tx, { all: true });
    await tx
      .insert(promoBanners)
      .values(bannerRows.map((b, i) => ({ ...b, createdAt: new Date(now - (3 - i) * 1000) })));
    await tx
      .insert(headlines)
      .values(DEMO_HEADLINES.map((h, i) => ({ ...h, active: true, createdAt: new Date(now - (3 - i) * 1000) })));
    await tx.insert(posts).values(DEMO_POSTS.map(({ age, ...p }) => ({ ...p, createdAt: new Date(now - age * DAY) })));
    await tx.insert(sizeGuides).values(demoSizeGuides());
  });

  await drawing;
  const approved = productRows.filter((p) => p.status === "approved").length;
  deps.log.info(
    `Demo shop seeded: ${approved} products (+${productRows.length - approved} pending), ${bannerRows.length} banners, ` +
      `${DEMO_HEADLINES.length} headlines, ${DEMO_POSTS.length} reviews, ${new Set(jobs.map((j) => j.name)).size} pictures in ${Date.now() - started} ms`,
  );
}
