/**
 * The staff's print file for selected orders: first one packing slip per order (A4), then one
 * shipping label per order (100 × 150 mm), so the slips go to the office printer and the labels to
 * the label printer as two page ranges of one file. The label carries the order number as a
 * Code 128 barcode, the address, the phone and the cash to collect in large type.
 */
import type { Lang } from "@core/constants";
import type { OrderDTO } from "../orders/order-dto";
import { drawCode128, code128Modules } from "./code128";
import { placeColumns } from "./columns";
import { productName } from "./invoice";
import { A4, type Doc, finish, LABEL, newDocument, wording, type Wording } from "./pdf-document";
import { drawLine, drawParagraph, lineHeight } from "./text-layout";

const MARGIN = 48;

function drawPackingSlip(doc: Doc, order: OrderDTO, w: Wording) {
  const box = { x: MARGIN, width: A4.width - 2 * MARGIN };
  let y = MARGIN;
  drawLine(doc, w.t("common.shopName"), { ...box, y }, w.dir, { size: 20, bold: true });
  drawLine(doc, w.t("documents.packingSlip"), { ...box, y: y + 4 }, w.dir, { size: 15, align: "end" });
  y += lineHeight(20) + 6;
  y += drawLine(doc, `${w.t("documents.orderNumber")}: ${order.orderNumber}`, { ...box, y }, w.dir, {
    size: 12,
    bold: true,
  });
  y += drawLine(doc, `${w.t("documents.date")}: ${w.date(order.createdAt)}`, { ...box, y }, w.dir, { size: 11 });
  y += 8;
  y += drawLine(doc, `${order.firstName} ${order.lastName}`.trim(), { ...box, y }, w.dir, { size: 12, bold: true });
  for (const line of w.address(order.shipping.address))
    y += drawParagraph(doc, line, { ...box, y }, w.dir, { size: 11 });
  y += drawLine(doc, `${w.t("documents.phone")}: ${order.phone}`, { ...box, y }, w.dir, { size: 11 });
  y += 12;
  const cols = placeColumns(
    [
      { width: 30, align: "center" },
      { width: box.width - 30 - 140 - 60 },
      { width: 140 },
      { width: 60, align: "center" },
    ],
    MARGIN,
    A4.width - MARGIN,
    w.dir,
  );
  ["", w.t("documents.item"), w.t("documents.sizeColor"), w.t("documents.qty")].forEach((h, i) => {
    drawLine(doc, h, { ...cols[i]!, y }, w.dir, { size: 10, bold: true, align: cols[i]!.align });
  });
  y += lineHeight(10) + 4;
  for (const line of order.products) {
    if (y > A4.height - 120) {
      doc.addPage({ size: [A4.width, A4.height], margin: 0 });
      y = MARGIN;
    }
    // An empty box to tick while packing.
    doc
      .rect(cols[0]!.x + 9, y + 3, 10, 10)
      .lineWidth(0.8)
      .strokeColor("#333333")
      .stroke();
    const cells = [
      null,
      productName(line, w.lang),
      `${w.size(line.size)} / ${w.color(line.color)}`,
      String(line.quantity),
    ];
    cells.forEach((c, i) => {
      if (c !== null) drawLine(doc, c, { ...cols[i]!, y }, w.dir, { size: 11, align: cols[i]!.align });
    });
    y += lineHeight(11) + 4;
  }
  y += 6;
  y += drawLine(doc, w.t("documents.items", { n: order.orderSummary.orderItems }), { ...box, y }, w.dir, {
    size: 11,
    bold: true,
  });
  if (order.notes) {
    y += 8;
    y += drawLine(doc, w.t("documents.notes"), { ...box, y }, w.dir, { size: 10, color: "#555555" });
    drawParagraph(doc, order.notes, { ...box, y }, w.dir, { size: 11 });
  }
}

/** Cash on delivery that is not yet paid is collected in full; anything paid collects nothing. */
export const cashToCollect = (order: OrderDTO) =>
  order.paymentMethod === "Cash on Delivery" && order.paymentStatus !== "Paid" ? order.orderSummary.total : 0;

function drawLabel(doc: Doc, order: OrderDTO, w: Wording) {
  const pad = 14;
  const box = { x: pad, width: LABEL.width - 2 * pad };
  doc
    .rect(6, 6, LABEL.width - 12, LABEL.height - 12)
    .lineWidth(1)
    .strokeColor("#000000")
    .stroke();
  let y = pad;
  drawLine(doc, w.t("common.shopName"), { ...box, y }, w.dir, { size: 13, bold: true });
  drawLine(doc, w.t("documents.shippingLabel"), { ...box, y: y + 2 }, w.dir, { size: 10, align: "end" });
  y += lineHeight(13) + 4;
  // The barcode: as wide as the label allows, 10 modules of quiet zone on each side.
  const modules = code128Modules(order.orderNumber).length;
  const module = Math.min(1.5, box.width / (modules + 20));
  const width = modules * module;
  drawCode128(doc, order.orderNumber, { x: (LABEL.width - width) / 2, y, height: 56, module });
  y += 60;
  y += drawLine(doc, order.orderNumber, { ...box, y }, "ltr", { size: 12, bold: true, align: "center" });
  y += 6;
  doc
    .moveTo(pad, y)
    .lineTo(LABEL.width - pad, y)
    .lineWidth(0.8)
    .strokeColor("#000000")
    .stroke();
  y += 6;
  y += drawLine(doc, w.t("documents.shipTo"), { ...box, y }, w.dir, { size: 9, color: "#333333" });
  y += drawLine(doc, `${order.firstName} ${order.lastName}`.trim(), { ...box, y }, w.dir, { size: 14, bold: true });
  for (const line of w.address(order.shipping.address))
    y += drawParagraph(doc, line, { ...box, y }, w.dir, { size: 11 });
  y += 2;
  y += drawLine(doc, `${w.t("documents.phone")}: ${order.phone}`, { ...box, y }, w.dir, { size: 14, bold: true });
  // The cash to collect, in large type at the foot of the label.
  const foot = LABEL.height - pad - lineHeight(28) - lineHeight(10) - 6;
  doc
    .moveTo(pad, foot - 6)
    .lineTo(LABEL.width - pad, foot - 6)
    .lineWidth(0.8)
    .strokeColor("#000000")
    .stroke();
  const cash = cashToCollect(order);
  if (cash > 0) {
    drawLine(doc, w.t("documents.collect"), { ...box, y: foot }, w.dir, { size: 10 });
    drawLine(doc, w.money(cash), { ...box, y: foot + lineHeight(10) + 2 }, w.dir, { size: 28, bold: true });
  } else {
    drawLine(doc, w.t("documents.nothingToCollect"), { ...box, y: foot + lineHeight(10) }, w.dir, {
      size: 16,
      bold: true,
    });
  }
}

export async function renderSlipsAndLabels(orders: OrderDTO[], lang: Lang): Promise<Buffer> {
  const w = wording(lang);
  const doc = await newDocument(`${w.t("documents.packingSlip")} / ${w.t("documents.shippingLabel")}`, lang, A4);
  orders.forEach((order, i) => {
    if (i > 0) doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    drawPackingSlip(doc, order, w);
  });
  for (const order of orders) {
    doc.addPage({ size: [LABEL.width, LABEL.height], margin: 0 });
    drawLabel(doc, order, w);
  }
  return finish(doc);
}
