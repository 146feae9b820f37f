import { CATEGORIES, COLLECTIONS } from "@core/constants";
import type { Db } from "../client";
import { categories, collections, shippingOptions } from "../schema";

/** Egypt's 27 governorates: fee in EGP and delivery estimate in business days. Cairo is 50 EGP. */
export const GOVERNORATES: { city: string; cityAr: string; fee: number; estTime: string }[] = [
  { city: "Cairo", cityAr: "القاهرة", fee: 50, estTime: "1-2" },
  { city: "Giza", cityAr: "الجيزة", fee: 50, estTime: "1-2" },
  { city: "Alexandria", cityAr: "الإسكندرية", fee: 60, estTime: "2-3" },
  { city: "Qalyubia", cityAr: "القليوبية", fee: 55, estTime: "2-3" },
  { city: "Sharqia", cityAr: "الشرقية", fee: 65, estTime: "2-4" },
  { city: "Dakahlia", cityAr: "الدقهلية", fee: 65, estTime: "2-4" },
  { city: "Gharbia", cityAr: "الغربية", fee: 65, estTime: "2-4" },
  { city: "Monufia", cityAr: "المنوفية", fee: 65, estTime: "2-4" },
  { city: "Beheira", cityAr: "البحيرة", fee: 65, estTime: "2-4" },
  { city: "Kafr El Sheikh", cityAr: "كفر الشيخ", fee: 70, estTime: "3-4" },
  { city: "Damietta", cityAr: "دمياط", fee: 70, estTime: "3-4" },
  { city: "Port Said", cityAr: "بورسعيد", fee: 70, estTime: "3-4" },
  { city: "Ismailia", cityAr: "الإسماعيلية", fee: 70, estTime: "3-4" },
  { city: "Suez", cityAr: "السويس", fee: 70, estTime: "3-4" },
  { city: "Fayoum", cityAr: "الفيوم", fee: 75, estTime: "3-5" },
  { city: "Beni Suef", cityAr: "بني سويف", fee: 75, estTime: "3-5" },
  { city: "Minya", cityAr: "المنيا", fee: 80, estTime: "3-5" },
  { city: "Asyut", cityAr: "أسيوط", fee: 85, estTime: "4-6" },
  { city: "Sohag", cityAr: "سوهاج", fee: 85, estTime: "4-6" },
  { city: "Qena", cityAr: "قنا", fee: 90, estTime: "4-6" },
  { city: "Luxor", cityAr: "الأقصر", fee: 90, estTime: "4-6" },
  { city: "Aswan", cityAr: "أسوان", fee: 95, estTime: "5-7" },
  { city: "Red Sea", cityAr: "البحر الأحمر", fee: 100, estTime: "5-7" },
  { city: "New Valley", cityAr: "الوادي الجديد", fee: 110, estTime: "6-8" },
  { city: "Matrouh", cityAr: "مطروح", fee: 100, estTime: "5-7" },
  { city: "North Sinai", cityAr: "شمال سيناء", fee: 110, estTime: "6-8" },
  { city: "South Sinai", cityAr: "جنوب سيناء", fee: 110, estTime: "5-7" },
];

/** Idempotent: safe at every start; never overwrites what staff changed. */
export async function seedReference(db: Db) {
  await db
    .insert(categories)
    .values(CATEGORIES.map((name, i) => ({ name, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(collections)
    .values(COLLECTIONS.map((name, i) => ({ name, sortOrder: i, active: true })))
    .onConflictDoNothing();
}

/** Shipping fees are seeded only into an empty table: afterwards they belong to the staff. */
export async function seedShipping(db: Db) {
  const existing = await db.select({ id: shippingOptions.id }).from(shippingOptions).limit(1);
  if (existing.length) return;
  await db
    .insert(shippingOptions)
    .values(GOVERNORATES.map((g) => ({ city: g.city, cityAr: g.cityAr, shipping: g.fee * 100, estTime: g.estTime })));
}
