/**
 * Every visible string lives in core/i18n/<lang>/<namespace>.json and is addressed as
 * "namespace.key". Placeholders are written {name}. The server translates API messages with the
 * same dictionaries; the browser receives only its own language's dictionary from the root loader.
 */
import type { Lang } from "@core/constants";
import enCommon from "./en/common.json";
import enAuth from "./en/auth.json";
import enAccount from "./en/account.json";
import enCatalog from "./en/catalog.json";
import enCart from "./en/cart.json";
import enCheckout from "./en/checkout.json";
import enOrders from "./en/orders.json";
import enStaff from "./en/staff.json";
import enAdmin from "./en/admin.json";
import enPages from "./en/pages.json";
import enValidation from "./en/validation.json";
import enOrdersApi from "./en/orders-api.json";
import enCatalogAdmin from "./en/catalog-admin.json";
import enDocuments from "./en/documents.json";
import enVariants from "./en/variants.json";
import enAlerts from "./en/alerts.json";
import enSizeGuides from "./en/size-guides.json";
import enCod from "./en/cod.json";
import enReminders from "./en/reminders.json";
import enReturns from "./en/returns.json";
import arCommon from "./ar/common.json";
import arAuth from "./ar/auth.json";
import arAccount from "./ar/account.json";
import arCatalog from "./ar/catalog.json";
import arCart from "./ar/cart.json";
import arCheckout from "./ar/checkout.json";
import arOrders from "./ar/orders.json";
import arStaff from "./ar/staff.json";
import arAdmin from "./ar/admin.json";
import arPages from "./ar/pages.json";
import arValidation from "./ar/validation.json";
import arOrdersApi from "./ar/orders-api.json";
import arCatalogAdmin from "./ar/catalog-admin.json";
import arDocuments from "./ar/documents.json";
import arVariants from "./ar/variants.json";
import arAlerts from "./ar/alerts.json";
import arSizeGuides from "./ar/size-guides.json";
import arCod from "./ar/cod.json";
import enCustomers from "./en/customers.json";
import arCustomers from "./ar/customers.json";
import arReminders from "./ar/reminders.json";
import arReturns from "./ar/returns.json";

import { interpolate, pluralKey, type Dictionary, type Vars } from "./format";

export type { Dictionary, Vars };

function flatten(namespaces: Record<string, Record<string, string>>): Dictionary {
  const out: Dictionary = {};
  for (const [ns, entries] of Object.entries(namespaces)) {
    for (const [key, value] of Object.entries(entries)) out[`${ns}.${key}`] = value;
  }
  return out;
}

export const dictionaries: Record<Lang, Dictionary> = {
  en: flatten({
    common: enCommon,
    auth: enAuth,
    account: enAccount,
    catalog: enCatalog,
    cart: enCart,
    checkout: enCheckout,
    orders: enOrders,
    staff: enStaff,
    admin: enAdmin,
    pages: enPages,
    validation: enValidation,
    catalogAdmin: enCatalogAdmin,
    ordersApi: enOrdersApi,
    documents: enDocuments,
    variants: enVariants,
    alerts: enAlerts,
    sizeGuides: enSizeGuides,
    cod: enCod,
    customers: enCustomers,
    reminders: enReminders,
    returns: enReturns,
  }),
  ar: flatten({
    common: arCommon,
    auth: arAuth,
    account: arAccount,
    catalog: arCatalog,
    cart: arCart,
    checkout: arCheckout,
    orders: arOrders,
    staff: arStaff,
    admin: arAdmin,
    pages: arPages,
    validation: arValidation,
    catalogAdmin: arCatalogAdmin,
    ordersApi: arOrdersApi,
    documents: arDocuments,
    variants: arVariants,
    alerts: arAlerts,
    sizeGuides: arSizeGuides,
    cod: arCod,
    customers: arCustomers,
    reminders: arReminders,
    returns: arReturns,
  }),
};

/**
 * Translate with a dictionary; an unknown key falls back to English, then to the key itself. A
 * counted string picks its plural form by the language's rules (index-client's pluralKey).
 */
export function translateWith(dict: Dictionary, key: string, vars?: Vars, lang?: Lang): string {
  if (key in dict) return interpolate(dict[key]!, vars);
  const own = pluralKey(dict, key, vars, lang);
  if (own in dict) return interpolate(dict[own]!, vars);
  const english = pluralKey(dictionaries.en, key, vars, "en");
  return interpolate(dictionaries.en[english] ?? key, vars);
}

export const translate = (lang: Lang, key: string, vars?: Vars) => translateWith(dictionaries[lang], key, vars, lang);

export const isMessageKey = (key: string) => key in dictionaries.en || `${key}_other` in dictionaries.en;
