/**
 * The browser's one way to call /api. Cookies go along; a 401 or 403 sends the user to /auth
 * (SPEC §7); a failed call throws ApiError with the server's message, already translated.
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
      window.location.assign(res.status === 401 ? `/auth?redirect=${encodeURIComponent(here)}` : "/unauthorized");
    }
    throw new ApiError(typeof data.message === "string" ? data.message : fallbackMessage(), res.status, data);
  }
  return data as T;
}

function fallbackMessage() {
  return document.documentElement.lang === "ar" ? "حدث خطأ" : "An error occurred";
}

export const errorMessage = (e: unknown) => (e instanceof Error ? e.message : fallbackMessage());
