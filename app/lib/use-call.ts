/**
 * Reads one API operation in the browser and keeps loading and error state for the screen:
 * `useCall("GET /moderator/orders", { query }, loaderData.firstPage)`, typed by the operation's
 * contract. A null input waits (nothing to read yet). A newer request always wins over an older
 * one. `initial` is what the page loader already read for this same input (through the same
 * service the API calls), so the first paint has data and the browser does not ask again; later
 * inputs (another page, a search) are fetched.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./api";
import { type Input, type OperationKey, type Reply, call } from "./api-client";

export interface CallState<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  /** Fetches again; resolves true when it worked. */
  reload: () => Promise<boolean>;
  setData: (update: T | null | ((prev: T | null) => T | null)) => void;
}

export function useCall<K extends OperationKey>(
  key: K,
  input: Input<K> | null,
  initial?: Reply<K> | null,
): CallState<Reply<K>> {
  const [data, setData] = useState<Reply<K> | null>(initial ?? null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(input !== null && initial == null);
  const seq = useRef(0);
  // The input as text: a new object with the same content is the same request.
  const inputKey = input === null ? null : JSON.stringify(input);
  const skipFirst = useRef(initial != null);

  const reload = useCallback(async () => {
    if (inputKey === null) return false;
    const mine = ++seq.current;
    setLoading(true);
    setError(null);
    try {
      const result = await (call as (k: K, i: Input<K>) => Promise<Reply<K>>)(key, JSON.parse(inputKey));
      if (mine === seq.current) setData(result);
      return true;
    } catch (e) {
      if (mine === seq.current) setError(errorMessage(e));
      return false;
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [key, inputKey]);

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    void reload();
  }, [reload]);

  return { data, error, loading, reload, setData };
}
