/**
 * In-process events between modules. A module that changes something others derive data from says
 * so here, and the module that keeps the derived data listens: the writer never imports the
 * reader's cache, so modules do not import each other back and forth (issue 13).
 *
 * Listeners run synchronously inside `emit`, before the write's request answers: a shopper who
 * reloads right after a save already sees it. Plain module state: one server build holds one copy.
 */
export interface ServerEvents {
  /**
   * What shoppers see in the catalogue may have changed: products, approvals, stock (orders placed,
   * cancelled or restored), discounts and repricing, banners, the active collections.
   */
  "catalogue.changed": { reason: CatalogueChangeReason };
  /** Content shown on the shop's pages changed: headlines, posts, shipping fees. */
  "content.changed": { reason: ContentChangeReason };
}

export type ContentChangeReason = "headline" | "post" | "shipping";

export type CatalogueChangeReason = "product" | "approval" | "stock" | "pricing" | "banner" | "collections";

type Listener<K extends keyof ServerEvents> = (payload: ServerEvents[K]) => void;

// Keyed by event name; each set holds that event's listeners (the signatures are checked by emit/on).
const listeners = new Map<keyof ServerEvents, Set<(payload: never) => void>>();

/** Calls every listener of `name` with `payload`, in the order they subscribed. */
export function emit<K extends keyof ServerEvents>(name: K, payload: ServerEvents[K]): void {
  for (const listener of listeners.get(name) ?? []) (listener as Listener<K>)(payload);
}

/** For a promise chain: `.then(announce("content.changed", {...}))` emits once the write succeeded. */
export function announce<K extends keyof ServerEvents>(name: K, payload: ServerEvents[K]) {
  return <T>(value: T): T => {
    emit(name, payload);
    return value;
  };
}

/** Subscribes to `name`; returns the unsubscribe function. */
export function on<K extends keyof ServerEvents>(name: K, listener: Listener<K>): () => void {
  let set = listeners.get(name);
  if (!set) {
    set = new Set();
    listeners.set(name, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}
