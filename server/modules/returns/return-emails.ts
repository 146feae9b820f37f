/** The customer's e-mail at each step of a return (issue 17), in the order's language. */
import { formatEgp } from "@core/pricing";
import type { Lang } from "@core/constants";
import { translate } from "@core/i18n";
import { renderEmail, trackingUrl, type EmailContent } from "../orders/emails";

export type ReturnStep = "requested" | "approved" | "rejected" | "received" | "refunded";

export interface ReturnEmailFacts {
  lang: Lang;
  orderNumber: string;
  kind: "refund" | "exchange";
  exchangeOrderNumber?: string | null;
  rejectReason?: string | null;
  refundAmount?: number | null;
  refundMethod?: "cash" | "wallet" | null;
}

export function returnEmail(step: ReturnStep, f: ReturnEmailFacts, baseUrl: string): EmailContent {
  const t = (key: string, vars?: Record<string, string | number>) => translate(f.lang, `returns.email.${key}`, vars);
  const vars = {
    orderNumber: f.orderNumber,
    exchangeOrderNumber: f.exchangeOrderNumber ?? "",
    reason: f.rejectReason ?? "",
    amount: f.refundAmount != null ? formatEgp(f.refundAmount, f.lang) : "",
    method: f.refundMethod ? translate(f.lang, `returns.method.${f.refundMethod}`) : "",
  };
  const body = step === "approved" && f.kind === "exchange" ? "approvedExchange" : step;
  return renderEmail(f.lang, t(`${step}Subject`, vars), [
    { kind: "p", text: t(`${body}Body`, vars) },
    { kind: "link", label: t("button"), url: trackingUrl(baseUrl, f.orderNumber) },
  ]);
}
