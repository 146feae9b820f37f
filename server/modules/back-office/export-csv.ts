/**
 * Products and orders as CSV, produced a batch at a time with keyset pagination, so an export of
 * any size streams with flat memory and never holds a long transaction open.
 */
import { sql } from "drizzle-orm";
import { toEgp } from "@core/pricing";
import type { DbOrTx } from "../../db/client";
import { UTF8_BOM, csvLine, csvList } from "./csv";
import { queryRows } from "./sql-rows";

export const EXPORT_BATCH_SIZE = 500;

/** The columns the import reads, in this order; the export adds read-only columns after them. */
export const PRODUCT_CSV_COLUMNS = [
  "code",
  "name",
  "nameAr",
  "description",
  "descriptionAr",
  "category",
  "collection",
  "price",
  "stock",
  "sizes",
  "colors",
  "specifications",
  "images",
  "size",
  "color",
  "sku",
] as const;
/**
 * The stock as exported, read back by the import to refuse a row whose stock moved since (decision
 * 115). With one row per size and colour (issue 15) it is that pair's stock.
 */
export const PREVIOUS_STOCK_COLUMN = "previousStock";
const PRODUCT_EXTRA_COLUMNS = [
  "_id",
  "status",
  "hidden",
  "discount",
  "totalPrice",
  "createdAt",
  PREVIOUS_STOCK_COLUMN,
] as const;

interface ProductRow {
  id: string;
  code: string;
  name: string;
  name_ar: string | null;
  description: string;
  description_ar: string | null;
  category: string;
  collection: string | null;
  price: number;
  stock: number;
  sizes: string[];
  colors: string[];
  specifications: string[];
  images: string[];
  status: string;
  hidden: boolean;
  discount: number;
  total_price: number;
  created_at: string;
}

interface VariantRow {
  product_id: string;
  size: string;
  color: string;
  sku: string;
  stock: number;
}

/** The batch's variants, in each product's size then colour order: one query per batch. */
async function variantsOf(db: DbOrTx, ids: string[]): Promise<Map<string, VariantRow[]>> {
  const rows = await queryRows<VariantRow>(
    db,
    sql`select v.product_id, v.size, v.color, v.sku, v.stock
          from product_variants v join products p on p.id = v.product_id
         where v.product_id in (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         order by v.product_id, array_position(p.sizes, v.size), array_position(p.colors, v.color), v.size, v.color`,
  );
  const byProduct = new Map<string, VariantRow[]>();
  for (const v of rows) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
  return byProduct;
}

/** One row per size and colour pair (issue 15); the product's fields repeat on each of its rows. */
export async function* exportProductsCsv(db: DbOrTx, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine([...PRODUCT_CSV_COLUMNS, ...PRODUCT_EXTRA_COLUMNS]);
  let after: string | null = null;
  for (;;) {
    const rows: ProductRow[] = await queryRows<ProductRow>(
      db,
      sql`select id, code, name, name_ar, description, description_ar, category, collection, price, stock,
                 sizes, colors, specifications, images, status, hidden, discount, total_price,
                 to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
            from products
           where ${after === null ? sql`true` : sql`id > ${after}::uuid`}
           order by id
           limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    const variants = await variantsOf(
      db,
      rows.map((p) => p.id),
    );
    yield rows
      .flatMap((p) => (variants.get(p.id) ?? [{ size: "", color: "", sku: "", stock: p.stock }]).map((v) => ({ p, v })))
      .map(({ p, v }) =>
        csvLine([
          p.code,
          p.name,
          p.name_ar,
          p.description,
          p.description_ar,
          p.category,
          p.collection,
          toEgp(p.price),
          v.stock,
          csvList(p.sizes),
          csvList(p.colors),
          csvList(p.specifications),
          csvList(p.images),
          v.size,
          v.color,
          v.sku,
          p.id,
          p.status,
          p.hidden,
          p.discount,
          toEgp(p.total_price),
          p.created_at,
          v.stock,
        ]),
      )
      .join("");
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

export const ORDER_CSV_COLUMNS = [
  "orderNumber",
  "createdAt",
  "status",
  // Why staff cancelled it (issue 16): refused, customer_asked, unreachable, other; empty otherwise.
  "cancelReason",
  "firstName",
  "lastName",
  "email",
  "phone",
  "paymentMethod",
  "promoCode",
  "city",
  "area",
  "street",
  "building",
  "floor",
  "apartment",
  "items",
  "subtotal",
  "promoDiscount",
  "shipping",
  // The cash-on-delivery fee, included in total: subtotal − promoDiscount + shipping + codFee = total.
  "codFee",
  "total",
] as const;

interface OrderRow {
  id: string;
  cursor: string;
  order_number: string;
  created_at: string;
  status: string;
  cancel_reason: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  payment_method: string;
  promo_code: string | null;
  address: Record<string, string>;
  items: string | null;
  subtotal: number;
  promo_discount: number;
  shipping_price: number;
  cod_fee: number;
  total: number;
}

/** Oldest first; the cursor is created_at as text, so microseconds survive the round trip. */
export async function* exportOrdersCsv(db: DbOrTx, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine([...ORDER_CSV_COLUMNS]);
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    const rows: OrderRow[] = await queryRows<OrderRow>(
      db,
      sql`select o.id, o.created_at::text as cursor, o.order_number,
                 to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
                 o.status, o.cancel_reason, o.first_name, o.last_name, o.email, o.phone, o.payment_method, o.promo_code,
                 o.address, o.subtotal, o.promo_discount, o.shipping_price, o.cod_fee, o.total,
                 (select string_agg(oi.name || ' x' || oi.quantity || ' (' || oi.size || ', ' || oi.color || ')', ' | ' order by oi.name)
                    from order_items oi where oi.order_id = o.id) as items
            from orders o
           where ${after === null ? sql`true` : sql`(o.created_at, o.id) > (${after.cursor}::timestamptz, ${after.id}::uuid)`}
           order by o.created_at, o.id
           limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows
      .map((o) => {
        const a = typeof o.address === "string" ? (JSON.parse(o.address) as Record<string, string>) : o.address;
        return csvLine([
          o.order_number,
          o.created_at,
          o.status,
          o.cancel_reason,
          o.first_name,
          o.last_name,
          o.email,
          o.phone,
          o.payment_method,
          o.promo_code,
          a.city,
          a.area,
          a.street,
          a.building,
          a.floor,
          a.apartment,
          o.items,
          toEgp(o.subtotal),
          toEgp(o.promo_discount),
          toEgp(o.shipping_price),
          toEgp(o.cod_fee),
          toEgp(o.total),
        ]);
      })
      .join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
  }
}
