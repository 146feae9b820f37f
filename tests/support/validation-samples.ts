/** A valid value of every exported schema of core/validation, and helpers to spoil one field of it (issue 11 item 8). */

const UUID = "7f1c2b9e-3c4d-4e5f-8a6b-0c1d2e3f4a5b";
const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const address = {
  area: "Zamalek",
  street: "26 July St",
  building: "12",
  floor: "3",
  apartment: "7",
  city: "Cairo",
  state: "Cairo",
  country: "Egypt",
  postalCode: "11211",
};
const contact = {
  firstName: "Salma",
  lastName: "Adel",
  email: "salma@example.com",
  phone: "01012345678",
  notes: "Ring twice",
};
const line = { productId: UUID, quantity: 1, size: "M", color: "Red" };
const product = {
  name: "Silk Dress",
  nameAr: "فستان",
  code: "SD-12345",
  description: "A dress",
  descriptionAr: "فستان",
  category: "dresses",
  collection: "summer",
  price: 1000,
  stock: 3,
  images: ["/uploads/a-800.webp"],
  sizes: ["M"],
  colors: ["Red"],
  specifications: ["Silk"],
  specificationsAr: ["حرير"],
  bulkDiscountminQuantity: 3,
  bulkDiscount: 900,
};

/** A valid value of each exported schema (its name as exported). */
export const SAMPLES: Record<string, unknown> = {
  emailField: "salma@example.com",
  phoneField: "01012345678",
  signUpInput: {
    firstName: "Salma",
    lastName: "Adel",
    email: "salma@example.com",
    phone: "01012345678",
    password: "longenough",
  },
  signUpForm: {
    firstName: "Salma",
    lastName: "Adel",
    email: "salma@example.com",
    phone: "01012345678",
    password: "longenough",
    confirmPassword: "longenough",
    terms: true,
  },
  logInInput: { email: "salma@example.com", password: "longenough", remember: true },
  googleSignInInput: { token: "abc.def.ghi" },
  activationCodeField: "123456",
  activateInput: { userId: UUID, activationCode: "123456" },
  resendActivationInput: { userId: UUID },
  checkEmailInput: { email: "salma@example.com" },
  checkTokenInput: { email: "salma@example.com", token: "123456" },
  resetPasswordInput: { email: "salma@example.com", token: "123456", password: "longenough" },
  resetPasswordForm: { password: "longenough", confirmPassword: "longenough" },
  updateProfileInput: {
    firstName: "Salma",
    lastName: "Adel",
    phone: "01012345678",
    profileImage: "/uploads/a-400.webp",
    currentPassword: "oldpassword",
    newPassword: "newpassword",
  },
  preferencesInput: { lang: "ar", theme: "dark" },
  searchUsersQuery: { searchTerm: "salma", page: "1", limit: "10", hidden: "true" },
  userIdInput: { id: UUID },
  roleInput: { role: "moderator" },
  addToCartInput: line,
  updateCartInput: line,
  removeCartLineQuery: { size: "M", color: "Red" },
  mergeCartInput: { items: [line] },
  shippingAddressSchema: address,
  checkoutContactSchema: contact,
  paymentMethodSchema: "Cash on Delivery",
  orderLineInput: line,
  orderInput: {
    ...contact,
    promoCode: "SUMMER",
    paymentMethod: "Cash on Delivery",
    products: [line],
    shipping: { address },
  },
  orderLookupInput: { orderNumber: "AZ-1001" },
  confirmOrderInput: { orderNumber: "AZ-1001", code: "123456" },
  resendConfirmationInput: { orderNumber: "AZ-1001" },
  backInStockInput: { productId: UUID, size: "M", color: "Red", email: "salma@example.com" },
  reminderToken: "fRXk4zMj4K_xP-CUamV3NUqJtU2cQN1lVzq1ZEwCYIM",
  unsubscribeToken: "c2FsbWFAZXhhbXBsZS5jb20.H7FPEQSYRr2pxHVMxO8M49B32X2VqFxG_ssiA_OgtDQ",
  guestReminderInput: {
    email: "salma@example.com",
    lines: [{ productId: UUID, quantity: 1, size: "M", color: "#000000" }],
  },
  sizeGuideRowInput: { size: "M", bust: 92, waist: 74, hips: 100, length: 120 },
  sizeGuideInput: {
    rows: [{ size: "M", bust: 92, waist: 74, hips: 100, length: 120 }],
    note: "Measured flat",
    noteAr: "قياس",
  },
  categoryParam: { category: "dresses" },
  orderIdParams: { id: UUID },
  printOrdersQuery: { ids: `${UUID},${UUID}` },
  guestInvoiceInput: { orderNumber: "AZ-1001", phone: "01012345678" },
  orderStatusInput: { status: "Cancelled", reason: "refused" },
  cancelReasonField: "refused",
  customerBlockInput: { kind: "phone", value: "+20 101 234 5678", note: "Refused two parcels" },
  returnLookupInput: { orderNumber: "AZ-1001", contact: "01012345678" },
  returnRequestInput: {
    orderNumber: "AZ-1001",
    contact: "salma@example.com",
    kind: "exchange",
    reason: "size_too_small",
    note: "Too tight",
    lines: [{ lineId: UUID, quantity: 1, size: "L", color: "#000000" }],
  },
  returnIdParams: { id: UUID },
  rejectReturnInput: { reason: "Worn" },
  refundReturnInput: { amount: 450.5, method: "cash" },
  contactInput: {
    name: "Salma",
    email: "salma@example.com",
    phone: "01012345678",
    type: "Support",
    message: "Hello",
    files: [UUID],
  },
  bannerInput: {
    title: "Sale",
    titleAr: "تخفيضات",
    description: "All dresses",
    descriptionAr: "كل الفساتين",
    buttonText: "Shop",
    buttonTextAr: "تسوقي",
    link: "/shop",
    image: "/uploads/b-800.webp",
  },
  headlineInput: { title: "Free shipping", titleAr: "شحن مجاني", promotion: "Over 1000 EGP", promotionAr: "فوق 1000" },
  categoryDiscountForm: { category: "dresses", discount: 10, hasShipping: false },
  collectionDiscountForm: { collectionName: "summer", discount: 10, hasShipping: false },
  productDiscountForm: { productId: UUID, discount: 10, hasShipping: true },
  discountInput: { discount: 10, hasShipping: false, productId: UUID },
  postInput: { name: "Salma", description: "Lovely", stars: 5, images: ["/uploads/p-400.webp"] },
  productCreateInput: product,
  productUpdateInput: product,
  variantInput: { size: "M", color: "#000000", stock: 3, sku: "TB-1-M-000000", previousStock: 2 },
  promoCodeText: "SUMMER25",
  promoCodeInput: { code: "SUMMER25", discountValue: 10, usageLimit: 5, expDate: tomorrow() },
  shippingOptionInput: { city: "Cairo", cityAr: "القاهرة", shipping: 50, estTime: "2-3 days", additionalCost: 0 },
  additionalCostInput: { citiesId: [UUID], additionalCost: 10 },
};

/** Every path to a string or number in a sample: ["shipping", "address", "city"], ["products", 0, "size"]. */
export function leaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...at, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  return typeof value === "string" || typeof value === "number" ? [at] : [];
}

export function withValue(sample: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}
