/**
 * The invoice of one order (A4), in the viewer's language: shop, order number and date, the
 * customer, one row per line with size and colour, the totals and the payment method.
 */
import type { Lang } from "@core/constants";
import type { OrderDTO } from "../orders/order-dto";
import { placeColumns } from "./columns";
import { A4, type Doc, finish, newDocument, wording, type Wording } from "./pdf-document";
import { drawLine, drawParagraph, lineHeight, wrapLine } from "./text-layout";

const MARGIN = 48;

export function productName(line: OrderDTO["products"][number], lang: Lang) {
  return (lang === "ar" && line.productId.nameAr) || line.productId.name;
}

function rule(doc: Doc, y: number, color = "#999999") {
  doc
    .moveTo(MARGIN, y)
    .lineTo(A4.width - MARGIN, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke();
}

function header(doc: Doc, order: OrderDTO, w: Wording): number {
  const box = { x: MARGIN, width: A4.width - 2 * MARGIN };
  let y = MARGIN;
  drawLine(doc, w.t("common.shopName"), { ...box, y }, w.dir, { size: 22, bold: true, align: "start" });
  drawLine(doc, w.t("documents.invoiceTitle"), { ...box, y: y + 4 }, w.dir, { size: 16, align: "end" });
  y += lineHeight(22) + 6;
  y += drawLine(doc, `${w.t("documents.orderNumber")}: ${order.orderNumber}`, { ...box, y }, w.dir, { size: 11 });
  y += drawLine(doc, `${w.t("documents.date")}: ${w.date(order.createdAt)}`, { ...box, y }, w.dir, { size: 11 });
  return y + 8;
}

function customer(doc: Doc, order: OrderDTO, w: Wording, top: number): number {
  const box = { x: MARGIN, y: top, width: A4.width - 2 * MARGIN };
  let y = top;
  y += drawLine(doc, w.t("documents.billTo"), { ...box, y }, w.dir, { size: 10, color: "#555555" });
  y += drawLine(doc, `${order.firstName} ${order.lastName}`.trim(), { ...box, y }, w.dir, { size: 12, bold: true });
  for (const line of w.address(order.shipping.address)) {
    y += drawParagraph(doc, line, { ...box, y }, w.dir, { size: 11 });
  }
  y += drawLine(doc, `${w.t("documents.phone")}: ${order.phone}`, { ...box, y }, w.dir, { size: 11 });
  return y + 10;
}

function lines(doc: Doc, order: OrderDTO, w: Wording, top: number): number {
  const inner = A4.width - 2 * MARGIN;
  const cols = placeColumns(
    [
      { width: inner - 330 },
      { width: 110 },
      { width: 50, align: "center" },
      { width: 85, align: "end" },
      { width: 85, align: "end" },
    ],
    MARGIN,
    A4.width - MARGIN,
    w.dir,
  );
  const heads = ["item", "sizeColor", "qty", "unitPrice", "lineTotal"].map((k) => w.t(`documents.${k}`));
  let y = top;
  heads.forEach((h, i) => {
    drawLine(doc, h, { ...cols[i]!, y }, w.dir, { size: 10, bold: true, align: cols[i]!.align });
  });
  y += lineHeight(10) + 2;
  rule(doc, y);
  y += 6;
  for (const line of order.products) {
    if (y > A4.height - 220) {
      doc.addPage({ size: [A4.width, A4.height], margin: 0 });
      y = MARGIN;
    }
    const style = { size: 10 };
    const nameLines = wrapLine(doc, productName(line, w.lang), cols[0]!.width - 6, w.dir, style);
    const cells = [
      null,
      `${w.size(line.size)} / ${w.color(line.color)}`,
      String(line.quantity),
      w.money(line.price),
      w.money(line.lineTotal),
    ];
    nameLines.forEach((n, k) => {
      drawLine(doc, n, { ...cols[0]!, y: y + k * lineHeight(10) }, w.dir, style);
    });
    cells.forEach((c, i) => {
      if (c !== null) drawLine(doc, c, { ...cols[i]!, y }, w.dir, { ...style, align: cols[i]!.align });
    });
    y += Math.max(1, nameLines.length) * lineHeight(10) + 4;
  }
  rule(doc, y);
  return y + 8;
}

function totals(doc: Doc, order: OrderDTO, w: Wording, top: number): number {
  const s = order.orderSummary;
  // The totals sit at the end side of the page, under the amount columns: label, then amount.
  const amountX = w.dir === "ltr" ? A4.width - MARGIN - 120 : MARGIN;
  const labelX = w.dir === "ltr" ? amountX - 150 : MARGIN + 120;
  const rows: [string, string, boolean][] = [
    [w.t("documents.subtotal"), w.money(s.subtotal), false],
    [w.t("documents.shipping"), w.money(s.shipping), false],
  ];
  if (s.codFee > 0) rows.push([w.t("customers.codFee"), w.money(s.codFee), false]);
  if (s.discount > 0) rows.push([w.t("documents.discount"), w.money(-s.discount), false]);
  rows.push([w.t("documents.total"), w.money(s.total), true]);
  let y = top;
  for (const [label, amount, strong] of rows) {
    const style = { size: strong ? 13 : 11, bold: strong };
    drawLine(doc, label, { x: labelX, y, width: 150 }, w.dir, { ...style, align: "start" });
    y += drawLine(doc, amount, { x: amountX, y, width: 120 }, w.dir, { ...style, align: "end" });
  }
  y += 10;
  const box = { x: MARGIN, width: A4.width - 2 * MARGIN };
  const method = w.t(`documents.payment.${order.paymentMethod}`);
  const paid = order.paymentStatus === "Paid" ? ` (${w.t("documents.paid")})` : "";
  y += drawLine(doc, `${w.t("documents.paymentMethod")}: ${method}${paid}`, { ...box, y }, w.dir, { size: 11 });
  y += 16;
  y += drawLine(doc, w.t("documents.thanks"), { ...box, y }, w.dir, { size: 10, color: "#555555" });
  return y;
}

export function drawInvoice(doc: Doc, order: OrderDTO, lang: Lang) {
  const w = wording(lang);
  let y = header(doc, order, w);
  rule(doc, y - 4, "#cccccc");
  y = customer(doc, order, w, y + 6);
  y = lines(doc, order, w, y);
  totals(doc, order, w, y);
}

export async function renderInvoice(order: OrderDTO, lang: Lang): Promise<Buffer> {
  const doc = await newDocument(`${wording(lang).t("documents.invoiceTitle")} ${order.orderNumber}`, lang, A4);
  drawInvoice(doc, order, lang);
  return finish(doc);
}
