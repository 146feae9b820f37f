/**
 * The server's store of kept markup (app/lib/kept-markup.tsx, decision 387).
 *
 * One `KeptMarkupPass` per render: a part seen for the first time is rendered between two markers
 * and kept when the page is finished; a part already kept becomes a placeholder that `finish`
 * replaces with its markup. The markers carry a token drawn when the process starts, so no text a
 * visitor or an editor wrote (a description's HTML, say) can pass for one.
 *
 * `KEPT_MARKUP_VERIFY=1` (the tests and the browser journeys) renders every part every time and
 * fails the page when a part's markup differs from what was kept under the same inputs: an input
 * the caller forgot to name shows there, not as another visitor's markup in a shop's pages.
 */
import { randomBytes } from "node:crypto";
import { createElement, Fragment, type ReactNode } from "react";
import type { KeptMarkupRender } from "./kept-markup";
import type { PagePiece } from "./page-pieces.server";

const TOKEN = randomBytes(12).toString("hex");
/** Parts × places × languages × themes × menu states: a few dozen at most; this bounds a mistake. */
const LIMIT = 128;

/**
 * Each part's markup as UTF-8: copied into a page's bytes without encoding it again, and not a
 * slice of the first page's text, which V8 would keep alive whole for it.
 */
const kept = new Map<string, Buffer>();

type Kind = "open" | "close" | "copy";
const markerId = (slot: number, kind: Kind) => `${TOKEN}-${slot}-${kind}`;
/** How React writes `<template data-kept={id} />`. */
const markerHtml = (slot: number, kind: Kind) => `<template data-kept="${markerId(slot, kind)}"></template>`;
const markerElement = (slot: number, kind: Kind) => createElement("template", { "data-kept": markerId(slot, kind) });

interface Slot {
  key: string;
  /** The kept markup this render copies (taken when marked: a later render may replace it). */
  copy?: Buffer;
}

export class KeptMarkupPass implements KeptMarkupRender {
  private readonly slots: Slot[] = [];

  constructor(private readonly verify = process.env.KEPT_MARKUP_VERIFY === "1") {}

  mark(key: string, children: ReactNode): ReactNode {
    const slot = this.slots.length;
    const copy = this.verify ? undefined : kept.get(key);
    this.slots.push({ key, copy });
    if (copy !== undefined) return markerElement(slot, "copy");
    return createElement(Fragment, null, markerElement(slot, "open"), children, markerElement(slot, "close"));
  }

  /**
   * The page's pieces with every placeholder filled and every marker gone, after `prefix` (the
   * doctype); newly rendered parts kept. Left in pieces, not joined: a page of more than 64,000
   * characters made into one string costs a mapping of memory of its own (decision 395); cutting
   * and concatenating it part by part made a new string that the next search copied whole
   * (decision 389).
   */
  finish(html: string, prefix = ""): PagePiece[] {
    const cuts: { start: number; end: number; piece: PagePiece }[] = [];
    this.slots.forEach(({ key, copy }, slot) => {
      if (copy !== undefined) {
        const placeholder = markerHtml(slot, "copy");
        const at = html.indexOf(placeholder);
        if (at !== -1) cuts.push({ start: at, end: at + placeholder.length, piece: copy });
        return;
      }
      const open = markerHtml(slot, "open");
      const close = markerHtml(slot, "close");
      const start = html.indexOf(open);
      const end = start === -1 ? -1 : html.indexOf(close, start);
      // Not in the page: the part was inside a boundary left for the browser to render.
      if (end === -1) return;
      const markup = html.slice(start + open.length, end);
      keep(key, markup, this.verify);
      cuts.push({ start, end: end + close.length, piece: markup });
    });
    // In the page's order: a streamed page writes a part that waited after the rest.
    cuts.sort((a, b) => a.start - b.start);
    const pieces: PagePiece[] = prefix ? [prefix] : [];
    let from = 0;
    for (const cut of cuts) {
      // A part inside another would be kept with the inner one's markers in it.
      if (cut.start < from) throw new Error("A kept part holds another kept part (decision 387)");
      pieces.push(html.slice(from, cut.start), cut.piece);
      from = cut.end;
    }
    pieces.push(html.slice(from));
    return pieces;
  }
}

function keep(key: string, markup: string, verify: boolean) {
  const before = kept.get(key);
  if (verify && before !== undefined && !before.equals(Buffer.from(markup))) {
    const name = key.slice(0, key.indexOf("\n"));
    throw new Error(`Kept markup "${name}" differs between two renders with the same inputs (decision 387)`);
  }
  if (before === undefined && kept.size >= LIMIT) kept.delete(kept.keys().next().value as string);
  kept.set(key, Buffer.from(markup));
}

/** Forgets every kept part (tests). */
export function forgetKeptMarkup() {
  kept.clear();
}
