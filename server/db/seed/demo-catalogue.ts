/** The demo shop's catalogue: women's fashion in English and Arabic, every category and season. */
import type { Category, Collection, Size } from "@core/constants";

export const COLORS = {
  black: "#1f1f1f",
  ivory: "#f3efe4",
  beige: "#d8c3a5",
  camel: "#b07d48",
  navy: "#1e2a4a",
  burgundy: "#7b1e3a",
  rose: "#e8a0b4",
  olive: "#6b7045",
  sky: "#8fb8de",
  emerald: "#1f6f5c",
  grey: "#8a8d91",
  mustard: "#d4a93c",
} as const;
export type ColorName = keyof typeof COLORS;

interface Fabric {
  en: string;
  ar: string;
}
const FABRICS: Record<string, Fabric> = {
  cotton: { en: "cotton", ar: "قطن" },
  linen: { en: "linen", ar: "كتان" },
  viscose: { en: "viscose", ar: "فسكوز" },
  chiffon: { en: "chiffon", ar: "شيفون" },
  satin: { en: "satin", ar: "ساتان" },
  knit: { en: "soft knit", ar: "تريكو ناعم" },
  wool: { en: "wool blend", ar: "صوف مخلوط" },
  fleece: { en: "brushed fleece", ar: "قطن مبطن" },
  denim: { en: "denim", ar: "جينز" },
  crepe: { en: "crepe", ar: "كريب" },
};
export type FabricName = keyof typeof FABRICS;

/** What a customer reads about each category, with the product's own name and fabric filled in. */
const CATEGORY_TEXT: Record<Category, { en: string; ar: string; fit: [string, string] }> = {
  dresses: {
    en: "{name} in {fabric}: a flattering cut that takes you from day to evening.",
    ar: "{name} من {fabric}: قصة أنيقة تناسبك من النهار إلى المساء.",
    fit: ["Relaxed fit, midi length", "قصة مريحة وطول ميدي"],
  },
  blouses: {
    en: "{name} in {fabric}, light and easy to pair with skirts or trousers.",
    ar: "{name} من {fabric}، خفيفة وسهلة التنسيق مع الجيبات أو البناطيل.",
    fit: ["Regular fit", "قصة عادية"],
  },
  cardigans: {
    en: "{name} in {fabric}: an easy layer for cool mornings and air-conditioned offices.",
    ar: "{name} من {fabric}: طبقة سهلة للصباح البارد والمكاتب المكيفة.",
    fit: ["Open front, relaxed fit", "مفتوح من الأمام بقصة مريحة"],
  },
  chemises: {
    en: "{name} in {fabric} with a clean collar and a long, modest cut.",
    ar: "{name} من {fabric} بياقة أنيقة وقصة طويلة محتشمة.",
    fit: ["Long line, button front", "طويل بأزرار أمامية"],
  },
  hoodies: {
    en: "{name} in {fabric}: cosy, roomy and made for weekends.",
    ar: "{name} من {fabric}: دافئ وواسع ومناسب لعطلة نهاية الأسبوع.",
    fit: ["Oversized fit with hood", "قصة واسعة مع كابيشون"],
  },
  jackets: {
    en: "{name} in {fabric}, tailored to finish any outfit.",
    ar: "{name} من {fabric}، بتفصيل يكمل أي إطلالة.",
    fit: ["Tailored fit, lined", "قصة مفصلة ومبطنة"],
  },
  pants: {
    en: "{name} in {fabric} with a comfortable high waist.",
    ar: "{name} من {fabric} بخصر عالٍ مريح.",
    fit: ["High waist, full length", "خصر عالٍ وطول كامل"],
  },
  sweatshirts: {
    en: "{name} in {fabric}: soft inside, neat outside.",
    ar: "{name} من {fabric}: ناعم من الداخل وأنيق من الخارج.",
    fit: ["Relaxed fit, ribbed cuffs", "قصة مريحة وأساور مضلعة"],
  },
  skirts: {
    en: "{name} in {fabric} that moves beautifully as you walk.",
    ar: "{name} من {fabric} تتحرك بأناقة مع كل خطوة.",
    fit: ["Elastic waist, maxi length", "خصر مطاطي وطول ماكسي"],
  },
  tops: {
    en: "{name} in {fabric}, a wardrobe staple for every season.",
    ar: "{name} من {fabric}، قطعة أساسية لكل موسم.",
    fit: ["Slim fit", "قصة ضيقة"],
  },
};

export const CARE: [string, string] = ["Machine wash cold, hang to dry", "غسيل بالماء البارد وتجفيف بالتعليق"];
export const MADE_IN: [string, string] = ["Made in Egypt", "صنع في مصر"];

const SIZE_SETS = {
  regular: ["S", "M", "L", "XL"],
  wide: ["XS", "S", "M", "L", "XL", "XXL"],
  plus: ["L", "XL", "XXL", "XXXL", "XXXXL"],
  free: ["Free Size"],
} satisfies Record<string, Size[]>;

export interface DemoProduct {
  name: string;
  nameAr: string;
  category: Category;
  collection: Collection | null;
  fabric: FabricName;
  price: number;
  stock: number;
  sizes: keyof typeof SIZE_SETS;
  /** Days since it was added; under 7 shows the NEW badge. */
  age: number;
  sold: number;
  pending?: boolean;
  bulk?: { quantity: number; price: number };
  /** Offered in all three of its category's colours. */
  allColors?: boolean;
}

type Row = [string, string, Collection | null, FabricName, number, number, keyof typeof SIZE_SETS, number, number];
const rows = (category: Category, list: Row[]): DemoProduct[] =>
  list.map(([name, nameAr, collection, fabric, price, stock, sizes, age, sold]) => ({
    name,
    nameAr,
    category,
    collection,
    fabric,
    price,
    stock,
    sizes,
    age,
    sold,
  }));

export const DEMO_PRODUCTS: DemoProduct[] = [
  ...rows("dresses", [
    ["Linen Midi Dress", "فستان ميدي كتان", "summer", "linen", 1450, 14, "regular", 2, 40],
    ["Satin Evening Dress", "فستان سهرة ساتان", "party", "satin", 2850, 6, "regular", 12, 22],
    ["Embroidered Kaftan", "قفطان مطرز", "ramadan", "crepe", 2200, 9, "free", 4, 35],
    ["Floral Wrap Dress", "فستان ملفوف مورد", "spring", "viscose", 1250, 0, "wide", 30, 61],
    ["Pleated Maxi Dress", "فستان ماكسي بليسيه", "eid", "chiffon", 1980, 11, "regular", 1, 12],
    ["Knitted Sweater Dress", "فستان تريكو شتوي", "winter", "knit", 1650, 7, "plus", 45, 18],
    ["Bridal Guest Gown", "فستان سهرة للأفراح", "wedding", "satin", 3400, 4, "regular", 20, 9],
  ]),
  ...rows("blouses", [
    ["Chiffon Bow Blouse", "بلوزة شيفون بفيونكة", "work", "chiffon", 690, 20, "regular", 3, 55],
    ["Puff Sleeve Blouse", "بلوزة بأكمام منفوخة", "spring", "cotton", 620, 15, "wide", 16, 30],
    ["Satin Button Blouse", "بلوزة ساتان بأزرار", "formal", "satin", 780, 12, "regular", 25, 27],
    ["Embroidered Cotton Blouse", "بلوزة قطن مطرزة", "ramadan", "cotton", 740, 0, "regular", 40, 48],
    ["Ruffled Linen Blouse", "بلوزة كتان بكشكشة", "summer", "linen", 650, 18, "free", 5, 15],
    ["Draped Party Blouse", "بلوزة سهرة مكسرة", "party", "crepe", 820, 8, "regular", 60, 6],
  ]),
  ...rows("cardigans", [
    ["Chunky Knit Cardigan", "كارديجان تريكو سميك", "winter", "knit", 1150, 10, "free", 8, 33],
    ["Long Open Cardigan", "كارديجان طويل مفتوح", "autumn", "knit", 980, 13, "regular", 18, 29],
    ["Cropped Button Cardigan", "كارديجان قصير بأزرار", "spring", "knit", 850, 16, "regular", 2, 14],
    ["Wool Blend Cardigan", "كارديجان صوف مخلوط", "work", "wool", 1390, 5, "wide", 35, 21],
    ["Ribbed Belted Cardigan", "كارديجان مضلع بحزام", "casual", "knit", 1050, 0, "regular", 50, 44],
    ["Lightweight Summer Cardigan", "كارديجان صيفي خفيف", "summer", "viscose", 720, 22, "free", 10, 8],
  ]),
  ...rows("chemises", [
    ["Classic Long Chemise", "شميز طويل كلاسيك", "work", "cotton", 890, 17, "wide", 6, 39],
    ["Striped Oversized Chemise", "شميز واسع مقلم", "casual", "cotton", 820, 12, "regular", 22, 26],
    ["Linen Tunic Chemise", "شميز تونيك كتان", "summer", "linen", 950, 9, "regular", 3, 17],
    ["Satin Ramadan Chemise", "شميز ساتان رمضاني", "ramadan", "satin", 1100, 7, "free", 14, 31],
    ["Denim Shirt Chemise", "شميز جينز", "autumn", "denim", 990, 0, "regular", 70, 19],
    ["Pleated Front Chemise", "شميز بكسرات أمامية", "formal", "crepe", 1050, 10, "plus", 28, 12],
  ]),
  ...rows("hoodies", [
    ["Oversized Fleece Hoodie", "هودي فليس واسع", "winter", "fleece", 980, 25, "wide", 5, 70],
    ["Zip-Up Training Hoodie", "هودي رياضي بسحاب", "gym", "fleece", 1090, 14, "regular", 15, 38],
    ["Cropped Pastel Hoodie", "هودي قصير بألوان هادئة", "casual", "fleece", 870, 11, "regular", 1, 13],
    ["Embroidered Logo Hoodie", "هودي بشعار مطرز", "autumn", "fleece", 1150, 0, "regular", 42, 24],
    ["Longline Hoodie Dress", "هودي طويل كفستان", "winter", "fleece", 1250, 8, "free", 26, 16],
    ["Light Cotton Hoodie", "هودي قطن خفيف", "spring", "cotton", 790, 19, "regular", 9, 10],
  ]),
  ...rows("jackets", [
    ["Classic Denim Jacket", "جاكيت جينز كلاسيك", "casual", "denim", 1490, 12, "regular", 11, 45],
    ["Tailored Blazer", "بليزر مفصل", "work", "wool", 2100, 8, "wide", 4, 28],
    ["Quilted Puffer Jacket", "جاكيت منفوخ مبطن", "winter", "fleece", 2450, 6, "regular", 19, 36],
    ["Cropped Tweed Jacket", "جاكيت تويد قصير", "formal", "wool", 2300, 3, "regular", 33, 11],
    ["Trench Coat", "معطف ترنش", "autumn", "cotton", 2750, 5, "wide", 48, 20],
    ["Satin Bomber Jacket", "جاكيت بومبر ساتان", "party", "satin", 1890, 0, "regular", 55, 15],
  ]),
  ...rows("pants", [
    ["Wide Leg Linen Pants", "بنطلون كتان واسع", "summer", "linen", 890, 20, "wide", 7, 50],
    ["High Waist Tailored Trousers", "بنطلون مفصل بخصر عالٍ", "work", "crepe", 1050, 15, "regular", 13, 42],
    ["Straight Mom Jeans", "بنطلون جينز مستقيم", "casual", "denim", 1150, 18, "wide", 24, 58],
    ["Pleated Palazzo Pants", "بنطلون بالاتسو بكسرات", "eid", "viscose", 960, 10, "free", 3, 9],
    ["Ribbed Yoga Leggings", "ليجن يوجا مضلع", "gym", "knit", 590, 30, "regular", 20, 66],
    ["Wool Winter Trousers", "بنطلون صوف شتوي", "winter", "wool", 1290, 0, "plus", 62, 14],
  ]),
  ...rows("sweatshirts", [
    ["Crew Neck Sweatshirt", "سويت شيرت برقبة دائرية", "casual", "fleece", 750, 22, "regular", 6, 47],
    ["Varsity Sweatshirt", "سويت شيرت فارسيتي", "autumn", "fleece", 840, 12, "wide", 17, 23],
    ["Half Zip Sweatshirt", "سويت شيرت بنصف سحاب", "gym", "fleece", 890, 9, "regular", 2, 11],
    ["Embroidered Sweatshirt", "سويت شيرت مطرز", "winter", "fleece", 920, 0, "regular", 38, 27],
    ["Cropped Sweatshirt", "سويت شيرت قصير", "spring", "cotton", 680, 16, "free", 12, 12],
    ["Ramadan Nights Sweatshirt", "سويت شيرت ليالي رمضان", "ramadan", "fleece", 860, 14, "regular", 9, 19],
  ]),
  ...rows("skirts", [
    ["Pleated Midi Skirt", "جيبة ميدي بليسيه", "work", "chiffon", 780, 15, "free", 5, 52],
    ["Tiered Maxi Skirt", "جيبة ماكسي طبقات", "summer", "viscose", 830, 12, "regular", 14, 34],
    ["Denim A-Line Skirt", "جيبة جينز كلوش", "casual", "denim", 720, 10, "regular", 21, 29],
    ["Satin Slip Skirt", "جيبة ساتان ناعمة", "party", "satin", 890, 8, "regular", 1, 10],
    ["Wool Pencil Skirt", "جيبة صوف مستقيمة", "winter", "wool", 950, 0, "wide", 44, 17],
    ["Eid Sequin Skirt", "جيبة ترتر للعيد", "eid", "crepe", 1190, 6, "regular", 8, 21],
    ["Linen Wrap Skirt", "جيبة كتان ملفوفة", "spring", "linen", 760, 11, "free", 27, 13],
  ]),
  ...rows("tops", [
    ["Basic Cotton Tee", "تيشيرت قطن أساسي", "casual", "cotton", 300, 60, "wide", 10, 95],
    ["Ribbed Tank Top", "توب حمالات مضلع", "gym", "knit", 350, 35, "regular", 4, 41],
    ["Off Shoulder Top", "توب أوف شولدر", "summer", "viscose", 480, 14, "regular", 2, 18],
    ["Square Neck Top", "توب برقبة مربعة", "spring", "cotton", 420, 0, "regular", 36, 30],
    ["Long Sleeve Modest Top", "توب محتشم بأكمام طويلة", "ramadan", "viscose", 520, 20, "plus", 15, 37],
    ["Sequin Party Top", "توب سهرة بالترتر", "party", "crepe", 890, 7, "regular", 23, 12],
  ]),
  // Waiting for an admin's approval: never in the shop until approved.
  ...rows("dresses", [["Velvet Wedding Gown", "فستان زفاف قطيفة", "wedding", "satin", 4200, 3, "regular", 0, 0]]).map(
    (p) => ({ ...p, pending: true }),
  ),
  ...rows("jackets", [
    ["Leather Look Biker Jacket", "جاكيت جلد صناعي", "autumn", "wool", 2600, 5, "regular", 0, 0],
  ]).map((p) => ({ ...p, pending: true })),
  ...rows("tops", [["Crochet Beach Top", "توب كروشيه للبحر", "summer", "cotton", 560, 9, "free", 1, 0]]).map((p) => ({
    ...p,
    pending: true,
  })),
  ...rows("pants", [["Cargo Utility Pants", "بنطلون كارجو", "casual", "cotton", 1090, 12, "wide", 1, 0]]).map((p) => ({
    ...p,
    pending: true,
  })),
].map((p) => (p.name === "Basic Cotton Tee" ? { ...p, bulk: { quantity: 3, price: 750 }, allColors: true } : p));

/**
 * Each category is shown in three colours, and each product in two of them: the pictures are drawn
 * per category and colour, so 30 drawings serve the whole catalogue and the first start stays fast.
 */
export const CATEGORY_PALETTES: Record<Category, [ColorName, ColorName, ColorName]> = {
  dresses: ["burgundy", "emerald", "beige"],
  blouses: ["ivory", "rose", "navy"],
  cardigans: ["camel", "grey", "rose"],
  chemises: ["sky", "ivory", "olive"],
  hoodies: ["grey", "black", "rose"],
  jackets: ["black", "camel", "sky"],
  pants: ["beige", "black", "navy"],
  sweatshirts: ["grey", "navy", "mustard"],
  skirts: ["navy", "rose", "olive"],
  tops: ["ivory", "black", "mustard"],
};
const PAIRS = [
  [0, 1],
  [1, 2],
  [2, 0],
  [0, 2],
  [1, 0],
  [2, 1],
] as const;

/** The product's colours: two of its category's palette, a different pair for each neighbour. */
export function colorsOf(p: DemoProduct, indexInCategory: number): ColorName[] {
  const palette = CATEGORY_PALETTES[p.category];
  const [a, b] = PAIRS[indexInCategory % PAIRS.length]!;
  const picked = [palette[a], palette[b]];
  // A basic tee comes in all three.
  return p.allColors ? [...picked, palette.find((c) => !picked.includes(c))!] : picked;
}

export function describeProduct(p: DemoProduct) {
  const text = CATEGORY_TEXT[p.category];
  const fabric = FABRICS[p.fabric]!;
  return {
    description: text.en.replace("{name}", p.name).replace("{fabric}", fabric.en),
    descriptionAr: text.ar.replace("{name}", p.nameAr).replace("{fabric}", fabric.ar),
    specifications: [`100% ${fabric.en}`, text.fit[0], CARE[0], MADE_IN[0]],
    specificationsAr: [`${fabric.ar} 100%`, text.fit[1], CARE[1], MADE_IN[1]],
  };
}

export const sizesOf = (p: DemoProduct): Size[] => SIZE_SETS[p.sizes];

/** Capital initials and a stable number, like the back office's generated codes. */
export const codeOf = (p: DemoProduct, index: number) =>
  `${p.name
    .split(/\s+/)
    .map((w) => w[0]!.toUpperCase())
    .join("")}-${String(10_000 + index * 137).padStart(5, "0")}`;

export type DemoDiscount = { discount: number; hasShipping: boolean } & (
  | { category: Category }
  | { collectionName: Collection }
  | { productName: string }
);

export const DEMO_DISCOUNTS: DemoDiscount[] = [
  { category: "skirts", discount: 15, hasShipping: false },
  { collectionName: "eid", discount: 20, hasShipping: true },
  { productName: "Satin Evening Dress", discount: 30, hasShipping: false },
  { productName: "Chunky Knit Cardigan", discount: 10, hasShipping: false },
];

export const DEMO_BANNERS = [
  {
    key: "eid",
    colors: ["#d4a93c", "#7b1e3a"] as [string, string],
    kinds: ["dresses", "skirts", "blouses"] as Category[],
    title: "The Eid Edit",
    titleAr: "تشكيلة العيد",
    description: "Kaftans, pleats and sequins for every celebration, 20% off with free delivery.",
    descriptionAr: "قفاطين وبليسيه وترتر لكل احتفال، بخصم 20% وتوصيل مجاني.",
    link: "/shop?collection=eid",
    buttonText: "Shop Now",
    buttonTextAr: "تسوقي الآن",
  },
  {
    key: "winter",
    colors: ["#b07d48", "#1e2a4a"] as [string, string],
    kinds: ["jackets", "cardigans", "hoodies"] as Category[],
    title: "Wrapped in Warmth",
    titleAr: "دفء الشتاء",
    description: "Knits, puffers and wool blends for the cooler evenings.",
    descriptionAr: "تريكو وجواكت منفوخة وصوف للأمسيات الباردة.",
    link: "/shop?collection=winter",
    buttonText: "Discover",
    buttonTextAr: "اكتشفي",
  },
  {
    key: "sale",
    colors: ["#e8a0b4", "#1f6f5c"] as [string, string],
    kinds: ["tops", "pants", "sweatshirts"] as Category[],
    title: "On Sale Now",
    titleAr: "تخفيضات الآن",
    description: "Selected skirts, dresses and cardigans at their best prices.",
    descriptionAr: "جيبات وفساتين وكارديجانات مختارة بأفضل الأسعار.",
    link: "/shop?discount=true",
    buttonText: "Shop the sale",
    buttonTextAr: "تسوقي التخفيضات",
  },
];

export const DEMO_HEADLINES = [
  {
    title: "Free delivery",
    titleAr: "توصيل مجاني",
    promotion: "On the whole Eid collection",
    promotionAr: "على تشكيلة العيد بالكامل",
  },
  {
    title: "Cash on delivery",
    titleAr: "الدفع عند الاستلام",
    promotion: "Pay when your order arrives, anywhere in Egypt",
    promotionAr: "ادفعي عند استلام طلبك في أي مكان في مصر",
  },
  {
    title: "Easy returns",
    titleAr: "استرجاع سهل",
    promotion: "14 days to change your mind",
    promotionAr: "14 يومًا لتغيير رأيك",
  },
];

export const DEMO_POSTS = [
  {
    name: "Salma A.",
    description:
      "The linen midi dress is even prettier in person. Light, breathable and the fit is perfect for Cairo summers.",
    stars: 5,
    age: 2,
  },
  {
    name: "نور محمد",
    description: "القفطان المطرز رائع جدًا والخامة ممتازة. وصلني خلال يومين والتغليف كان جميل.",
    stars: 5,
    age: 4,
  },
  {
    name: "Mariam K.",
    description:
      "Ordered the tailored blazer for work. Great cut, sleeves were a little long but the exchange was easy.",
    stars: 4,
    age: 7,
  },
  { name: "هبة السيد", description: "الهودي دافي جدًا ومقاسه مظبوط. هطلب لون تاني أكيد.", stars: 5, age: 9 },
  {
    name: "Yasmin R.",
    description: "Lovely pleated skirt, the colour matches the photos. Delivery took three days to Alexandria.",
    stars: 4,
    age: 12,
  },
  {
    name: "ريم خالد",
    description: "البلوزة الشيفون شيك جدًا للشغل، والدفع عند الاستلام سهل الموضوع.",
    stars: 5,
    age: 15,
  },
];
