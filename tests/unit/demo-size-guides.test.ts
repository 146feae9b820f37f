/** The demo shop ships a size guide for every category (issue 15, part 6), valid as staff would save it. */
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../core/constants";
import { sizeGuideInput } from "../../core/validation/size-guide";
import { DEMO_PRODUCTS, sizesOf } from "../../server/db/seed/demo-catalogue";
import { demoSizeGuides } from "../../server/db/seed/demo-size-guides";

describe("the demo size guides", () => {
  const guides = demoSizeGuides();

  it("cover every category once", () => {
    expect(guides.map((g) => g.category).sort()).toEqual([...CATEGORIES].sort());
  });

  it("pass the staff form's own checks and list every size the category's demo products come in", () => {
    for (const g of guides) {
      expect(sizeGuideInput.safeParse(g).success, g.category).toBe(true);
      const offered = new Set(DEMO_PRODUCTS.filter((p) => p.category === g.category).flatMap(sizesOf));
      expect(new Set(g.rows.map((r) => r.size)), g.category).toEqual(offered);
      expect(g.noteAr, g.category).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
