/**
 * In-process events between modules. A module that changes something others derive data from says
 * so here, and the module that keeps the derived data listens: the writer never imports the
 * reader's cache, so modules do not import each other back and forth (issue 13).
 *
 * Listeners run synchronously inside `emit`, before the write's request answers: a shopper who
 * reloads right after a save already sees it. Plain module state: one server build holds one copy.
 *
 * Other processes on the same database hear every event too: `emit` also hands it to the relays,
 * and server/events-bridge.ts sends it on (PostgreSQL NOTIFY, or Redis with REDIS_URL) and
 * `receive`s the other processes' events (decision 262).
 */
export interface ServerEvents {
  /**
   * What shoppers see in the catalogue may have changed: products, approvals, stock (orders placed,
   * cancelled or restored), discounts and repricing, banners, the active collections.
   */
  "catalogue.changed": { reason: CatalogueChangeReason };
  /**
   * A size and colour pair's stock rose from 0 above 0 (a staff edit, an import, a cancelled order,
   * a staff status change back from Cancelled), emitted after the write committed (issue 15).
   */
  "variant.restocked": { productId: string; size: string; color: string };
  /** Content shown on the shop's pages changed: headlines, posts, shipping fees (the page cache listens). */
  "content.changed": { reason: ContentChangeReason };
}

export const CONTENT_CHANGE_REASONS = ["headline", "post", "shipping"] as const;
export type ContentChangeReason = (typeof CONTENT_CHANGE_REASONS)[number];

export const CATALOGUE_CHANGE_REASONS = [
  "product",
  "approval",
  "stock",
  "pricing",
  "banner",
  "collections",
  // The link to the other processes was lost for a while: their changes may have been missed.
  "resync",
] as const;
export type CatalogueChangeReason = (typeof CATALOGUE_CHANGE_REASONS)[number];

/** Checks an event that arrived from another process before any listener sees it. */
export const EVENT_PAYLOADS: { [K in keyof ServerEvents]: (payload: unknown) => payload is ServerEvents[K] } = {
  "catalogue.changed": (p): p is ServerEvents["catalogue.changed"] =>
    typeof p === "object" &&
    p !== null &&
    CATALOGUE_CHANGE_REASONS.includes((p as { reason?: unknown }).reason as CatalogueChangeReason),
  // Heard by every process; the alert mails are still sent once, as they are claimed by DELETE … RETURNING.
  "variant.restocked": (p): p is ServerEvents["variant.restocked"] => {
    const { productId, size, color } = (typeof p === "object" && p !== null ? p : {}) as Record<string, unknown>;
    return [productId, size, color].every((v) => typeof v === "string" && v.length > 0 && v.length <= 200);
  },
  "content.changed": (p): p is ServerEvents["content.changed"] =>
    typeof p === "object" &&
    p !== null &&
    CONTENT_CHANGE_REASONS.includes((p as { reason?: unknown }).reason as ContentChangeReason),
};

type Listener<K extends keyof ServerEvents> = (payload: ServerEvents[K]) => void;

// Keyed by event name; each set holds that event's listeners (the signatures are checked by emit/on).
const listeners = new Map<keyof ServerEvents, Set<(payload: never) => void>>();

type Relay = <K extends keyof ServerEvents>(name: K, payload: ServerEvents[K]) => void;
const relays = new Set<Relay>();

/** Calls every listener of `name` with `payload`, in the order they subscribed, then the relays. */
export function emit<K extends keyof ServerEvents>(name: K, payload: ServerEvents[K]): void {
  receive(name, payload);
  for (const relay of relays) relay(name, payload);
}

/** An event from another process: this process's listeners only, never relayed back. */
export function receive<K extends keyof ServerEvents>(name: K, payload: ServerEvents[K]): void {
  for (const listener of listeners.get(name) ?? []) (listener as Listener<K>)(payload);
}

/** Hands every event emitted here to `relay` as well; returns the function that stops it. */
export function relayEvents(relay: Relay): () => void {
  relays.add(relay);
  return () => relays.delete(relay);
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
