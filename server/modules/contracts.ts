/**
 * Every module's contract, in one list: the browser's typed client (app/lib/api-client.ts) reads
 * its types from here, keyed by "METHOD /path". Add a module's contract here when you add one.
 */
import type { OperationSpec } from "../http/operation";
import type { accountsContract } from "./accounts/contract";
import type { auditContract } from "./audit/contract";
import type { backInStockContract } from "./back-in-stock/contract";
import type { backOfficeContract } from "./back-office/contract";
import type { cartContract } from "./cart/contract";
import type { cartRemindersContract } from "./cart-reminders/contract";
import type { catalogContract } from "./catalog/contract";
import type { catalogStaffContract } from "./catalog/staff-contract";
import type { contentContract } from "./content/contract";
import type { customersContract } from "./customers/contract";
import type { documentsContract } from "./documents/contract";
import type { mediaContract } from "./media/contract";
import type { messagesContract } from "./messages/contract";
import type { ordersContract } from "./orders/contract";
import type { paymentsContract } from "./payments/contract";
import type { promotionsContract } from "./promotions/contract";
import type { shippingContract } from "./shipping/contract";
import type { sizeGuidesContract } from "./size-guides/contract";
import type { returnsContract } from "./returns/contract";

type Contracts = [
  typeof accountsContract,
  typeof auditContract,
  typeof backInStockContract,
  typeof backOfficeContract,
  typeof cartContract,
  typeof cartRemindersContract,
  typeof catalogContract,
  typeof catalogStaffContract,
  typeof contentContract,
  typeof customersContract,
  typeof documentsContract,
  typeof mediaContract,
  typeof messagesContract,
  typeof ordersContract,
  typeof paymentsContract,
  typeof promotionsContract,
  typeof shippingContract,
  typeof sizeGuidesContract,
  typeof returnsContract,
];

type OperationsOf<C> = C extends Record<string, OperationSpec> ? C[keyof C] : never;
type AllOperations = OperationsOf<Contracts[number]>;

/** "POST /cart" → the operation's contract. */
export type ApiOperations = { [O in AllOperations as `${O["method"]} ${O["path"]}`]: O };
