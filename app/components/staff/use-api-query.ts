import { useCallback, useEffect, useRef, useState } from "react";
import { api, errorMessage } from "~/lib/api";

export interface ApiQuery<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  /** Fetches again; resolves true when it worked. */
  reload: () => Promise<boolean>;
  setData: (update: T | null | ((prev: T | null) => T | null)) => void;
}

/**
 * Reads one /api resource in the browser and keeps loading and error state for the screen.
 * A null path waits (nothing to read yet). A newer request always wins over an older one.
 * `initial` is what the page loader already read for this same path (through the same service
 * the API calls), so the first paint has data and the browser does not ask again; later paths
 * (another page, a search) are fetched.
 */
export function useApiQuery<T>(
  path: string | null,
  init?: { method?: string; body?: unknown },
  initial?: T | null,
): ApiQuery<T> {
  const [data, setData] = useState<T | null>(initial ?? null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(path !== null && initial == null);
  const seq = useRef(0);
  const initialKey = useRef(initial == null ? null : `${path}|${JSON.stringify(init?.body ?? null)}`);
  const bodyKey = init?.body === undefined ? "" : JSON.stringify(init.body);
  const method = init?.method;

  const reload = useCallback(async () => {
    if (path === null) return false;
    const mine = ++seq.current;
    setLoading(true);
    setError(null);
    try {
      const result = await api<T>(path, { method, body: bodyKey === "" ? undefined : JSON.parse(bodyKey) });
      if (mine === seq.current) setData(result);
      return true;
    } catch (e) {
      if (mine === seq.current) setError(errorMessage(e));
      return false;
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [path, method, bodyKey]);

  useEffect(() => {
    if (initialKey.current !== null && initialKey.current === `${path}|${bodyKey === "" ? "null" : bodyKey}`) {
      initialKey.current = null;
      return;
    }
    initialKey.current = null;
    void reload();
  }, [reload, path, bodyKey]);

  return { data, error, loading, reload, setData };
}

/** A list from a reply that is either the list itself or an object holding it under one of `keys`. */
export function listFrom<T>(reply: unknown, ...keys: string[]): T[] {
  if (Array.isArray(reply)) return reply as T[];
  if (reply && typeof reply === "object") {
    for (const k of keys) {
      const v = (reply as Record<string, unknown>)[k];
      if (Array.isArray(v)) return v as T[];
    }
  }
  return [];
}
