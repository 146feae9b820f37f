/**
 * The product JSON of DESIGN.md §4, as the API and the page loaders hand it out. Money is in EGP
 * numbers (at most two decimals) at this edge; inside the server it is integer piastres.
 */
export interface ProductDTO {
  _id: string;
  name: string;
  /** Arabic text where staff gave it; the UI shows it in Arabic and falls back to English. */
  nameAr: string | null;
  code: string;
  description: string;
  descriptionAr: string | null;
  category: string;
  collection: string | null;
  price: number;
  /** Effective discount percent (the largest active one for product, category or collection). */
  discount: number;
  /** Unit price after the discount, EGP. */
  totalPrice: number;
  stock: number;
  images: string[];
  sizes: string[];
  colors: string[];
  specifications: string[];
  specificationsAr: string[];
  bulkDiscountminQuantity: number | null;
  bulkDiscount: number | null;
  /** True when an active discount with free shipping applies. */
  freeShipping: boolean;
  status: "pending" | "approved";
  hidden: boolean;
  createdAt: string;
}
