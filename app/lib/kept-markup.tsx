/**
 * A part of every page whose markup depends only on a few inputs (the footer, a guest's top bar),
 * rendered once per set of inputs and then copied into each page (decision 387).
 *
 * The server renders a page to a string in one pass (decision 384); the shell around the route's
 * content is about half of a product page's elements and most of its links, the same on every page
 * of a language. With the server's store (kept-markup.server.ts) in context, the first render of
 * a part marks its markup, the store keeps it under its inputs and its place in the tree, and later
 * renders write a placeholder that the store replaces with the kept markup. In the browser, and on
 * a server without the store, the part renders as any other.
 *
 * `inputs` must name everything the part's markup depends on besides the dictionary of its
 * language (`null` renders it every time); `KEPT_MARKUP_VERIFY=1`, set for the tests and the
 * browser journeys, fails a page whose part differs from its kept copy under the same inputs. A
 * part's place in the tree is in the key because React's ids (`useId`) are made from it.
 * What a part may not hold, since its copy is only the markup between its markers: elements React
 * moves into `<head>` (`<title>`, `<meta>`, `<link>`), and text at its very start or end (React
 * writes `<!-- -->` between neighbouring texts, which a marker would hide).
 */
import { createContext, createElement, Fragment, useContext, useId, type ReactNode } from "react";

export interface KeptMarkupRender {
  /** What to render in the part's place: its children with markers, or a placeholder. */
  mark(key: string, children: ReactNode): ReactNode;
}

export const KeptMarkupContext = createContext<KeptMarkupRender | null>(null);

export function KeptMarkup({ name, inputs, children }: { name: string; inputs: string | null; children: ReactNode }) {
  const place = useId();
  const render = useContext(KeptMarkupContext);
  if (render && inputs !== null) return render.mark(`${name}\n${place}\n${inputs}`, children);
  // The same shape as the server's marked render (a marker on each side), so the children's ids,
  // which React derives from their index among siblings, are the same on both sides.
  return createElement(Fragment, null, null, children, null);
}
