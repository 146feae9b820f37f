/**
 * The demo shop's size guides (issue 15, part 6): one per category, for the sizes its demo
 * products come in. Body measurements in centimetres, from a common Egyptian/European women's
 * chart; the length is the garment's own and grows a little with each size.
 */
import { CATEGORIES, SIZES, type Category, type Size } from "@core/constants";
import type { SizeGuideInput } from "@core/validation/size-guide";
import { DEMO_PRODUCTS, sizesOf } from "./demo-catalogue";

const BODY: Record<Size, { bust: number; waist: number; hips: number }> = {
  "Free Size": { bust: 100, waist: 84, hips: 108 },
  XS: { bust: 80, waist: 62, hips: 86 },
  S: { bust: 84, waist: 66, hips: 90 },
  M: { bust: 88, waist: 70, hips: 94 },
  L: { bust: 94, waist: 76, hips: 100 },
  XL: { bust: 100, waist: 82, hips: 106 },
  XXL: { bust: 106, waist: 88, hips: 112 },
  XXXL: { bust: 112, waist: 94, hips: 118 },
  XXXXL: { bust: 118, waist: 100, hips: 124 },
  XXXXXL: { bust: 124, waist: 106, hips: 130 },
};

/** Each category's length at size M, and what its length measures. */
const GARMENT: Record<Category, { length: number; note: string; noteAr: string; noBust?: true }> = {
  blouses: {
    length: 64,
    note: "Length from the top of the shoulder to the hem.",
    noteAr: "الطول من أعلى الكتف حتى الحافة.",
  },
  cardigans: {
    length: 70,
    note: "Length from the top of the shoulder to the hem.",
    noteAr: "الطول من أعلى الكتف حتى الحافة.",
  },
  chemises: {
    length: 74,
    note: "Length from the back of the collar to the hem.",
    noteAr: "الطول من خلف الياقة حتى الحافة.",
  },
  dresses: {
    length: 120,
    note: "Length from the top of the shoulder to the hem.",
    noteAr: "الطول من أعلى الكتف حتى الحافة.",
  },
  hoodies: {
    length: 66,
    note: "Length from the top of the shoulder to the hem.",
    noteAr: "الطول من أعلى الكتف حتى الحافة.",
  },
  jackets: {
    length: 68,
    note: "Length from the back of the collar to the hem.",
    noteAr: "الطول من خلف الياقة حتى الحافة.",
  },
  pants: {
    length: 102,
    note: "Length along the outside leg, waist to hem.",
    noteAr: "الطول على جانب الساق من الخصر حتى الحافة.",
    noBust: true,
  },
  sweatshirts: {
    length: 64,
    note: "Length from the top of the shoulder to the hem.",
    noteAr: "الطول من أعلى الكتف حتى الحافة.",
  },
  skirts: {
    length: 76,
    note: "Length from the waistband to the hem.",
    noteAr: "الطول من حزام الخصر حتى الحافة.",
    noBust: true,
  },
  tops: {
    length: 58,
    note: "Length from the top of the shoulder to the hem.",
    noteAr: "الطول من أعلى الكتف حتى الحافة.",
  },
};

const STEP_FROM_M = (size: Size) => (size === "Free Size" ? 1 : SIZES.indexOf(size) - SIZES.indexOf("M"));

export function demoSizeGuides(): ({ category: Category } & SizeGuideInput)[] {
  return CATEGORIES.map((category) => {
    const sizes = new Set(DEMO_PRODUCTS.filter((p) => p.category === category).flatMap(sizesOf));
    const g = GARMENT[category];
    return {
      category,
      rows: SIZES.filter((s) => sizes.has(s)).map((size) => ({
        size,
        ...BODY[size],
        ...(g.noBust ? { bust: null } : {}),
        length: g.length + STEP_FROM_M(size),
      })),
      note: g.note,
      noteAr: g.noteAr,
    };
  });
}
