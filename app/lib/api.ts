/**
 * The browser's one way to call /api. Cookies go along; a failed call throws ApiError with the
 * server's message, already translated. A 401 ends the stale session (the server clears its cookie)
 * and opens /auth, as SPEC §7 says; a 403 is a signed-in user with the wrong role, so it opens
 * /unauthorized and keeps the session (docs/decisions/140).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface ApiOptions extends Omit<RequestInit, "body"> {
  body?: unknown;
  /** Leave 401/403 to the caller instead of redirecting (e.g. the sign-in form itself). */
  noAuthRedirect?: boolean;
}

export async function api<T = Record<string, unknown>>(path: string, opts: ApiOptions = {}): Promise<T> {
  const { body, noAuthRedirect, headers, ...rest } = opts;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path.startsWith("/api") ? path : `/api${path}`, {
      credentials: "same-origin",
      ...rest,
      headers: { ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(fallbackMessage(), 0, {});
  }
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    if ((res.status === 401 || res.status === 403) && !noAuthRedirect) {
      const here = window.location.pathname + window.location.search;
      if (res.status === 401) await endStaleSession();
      window.location.assign(res.status === 401 ? `/auth?redirect=${encodeURIComponent(here)}` : "/unauthorized");
    }
    throw new ApiError(typeof data.message === "string" ? data.message : fallbackMessage(), res.status, data);
  }
  return data as T;
}

/**
 * The session the server no longer accepts (expired, revoked, banned): log out so the cookie goes,
 * and the next page does not render a signed-in header from it. A failure here is tolerated on
 * purpose: the user is on the way to /auth anyway, where signing in replaces the cookie.
 */
async function endStaleSession() {
  try {
    await fetch("/api/logout", { method: "POST", credentials: "same-origin" });
  } catch {
    /* tolerated: see above */
  }
}

function fallbackMessage() {
  return document.documentElement.lang === "ar" ? "حدث خطأ" : "An error occurred";
}

export const errorMessage = (e: unknown) => (e instanceof Error ? e.message : fallbackMessage());

/**
 * SPEC §8: the server's message first, the screen's own fallback only when the server sent none
 * (network failure, or an answer without a message).
 */
export function serverMessage(e: unknown, fallback: string): string {
  return e instanceof ApiError && typeof e.body.message === "string" && e.body.message.trim()
    ? e.body.message
    : fallback;
}
