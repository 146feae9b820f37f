/** The fixed lists of SPEC §1 and §9, shared by server and browser. */

export const CATEGORIES = [
  "blouses",
  "cardigans",
  "chemises",
  "dresses",
  "hoodies",
  "jackets",
  "pants",
  "sweatshirts",
  "skirts",
  "tops",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const COLLECTIONS = [
  "winter",
  "summer",
  "spring",
  "autumn",
  "ramadan",
  "eid",
  "casual",
  "formal",
  "party",
  "wedding",
  "work",
  "gym",
] as const;
export type Collection = (typeof COLLECTIONS)[number];

export const SIZES = ["Free Size", "XS", "S", "M", "L", "XL", "XXL", "XXXL", "XXXXL", "XXXXXL"] as const;
export type Size = (typeof SIZES)[number];

export const ORDER_STATUSES = ["Processing", "Shipped", "Out for Delivery", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Each status has a fixed colour (SPEC §4); used by badges and the progress bar. */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  Processing: "#d97706",
  Shipped: "#2563eb",
  "Out for Delivery": "#7c3aed",
  Delivered: "#16a34a",
  Cancelled: "#dc2626",
};

export const PAYMENT_METHODS = ["Cash on Delivery", "Credit Card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const CONTACT_TYPES = ["Support", "Feedback", "General Inquiry", "Other"] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const LANGS = ["en", "ar"] as const;
export type Lang = (typeof LANGS)[number];
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const LIMITS = {
  cartLineMaxQuantity: 10,
  productMaxImages: 5,
  postMaxImages: 3,
  postImageMaxBytes: 1024 * 1024,
  postImageMaxPx: 1920,
  contactFileMaxBytes: 5 * 1024 * 1024,
  uploadMaxBytes: 10 * 1024 * 1024,
  searchSuggestions: 10,
  searchDebounceMs: 500,
  newBadgeDays: 7,
  pageSizes: [10, 25, 50, 100] as const,
  defaultPageSize: 10,
  priceFilterMax: 100_000,
  priceSliderMax: 10_000,
  priceSliderStep: 1_000,
  postPreviewChars: 150,
  bannerDescriptionPreviewChars: 100,
  returnWindowDays: 14,
} as const;

export const TIMINGS = {
  carouselMs: 4000,
  headlineMs: 4000,
  headlineFadeMs: 500,
  resendCodeSeconds: 60,
  activationRedirectMs: 3000,
  profileUpdateLogoutMs: 2000,
  deleteAccountLogoutMs: 1000,
  codeTtlMinutes: 15,
  sessionShortHours: 1,
  sessionLongDays: 7,
} as const;

export const COOKIES = {
  session: "access_token",
  lang: "lang",
  theme: "theme",
  sidebar: "sidebar_state",
} as const;

export const DEFAULT_CITY = "Cairo";
export const DEFAULT_SHIPPING_EGP = 50;

/** Browser storage key of the guest cart; logout clears it (SPEC §4). */
export const GUEST_CART_STORAGE_KEY = "azya.guestCart";
