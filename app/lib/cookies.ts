import { COOKIES } from "@core/constants";

/** Preferences the browser sets itself (language, theme, sidebar); the session cookie is never here. */
export function setPreferenceCookie(name: string, value: string, maxAgeSeconds: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: one line, a plain preference; the Cookie Store API is not in Safari or Firefox.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
}

const DAY = 24 * 3600;
export const setLangCookie = (lang: string) => setPreferenceCookie(COOKIES.lang, lang, 365 * DAY);
export const setThemeCookie = (theme: string) => setPreferenceCookie(COOKIES.theme, theme, 365 * DAY);
export const setSidebarCookie = (open: boolean) => setPreferenceCookie(COOKIES.sidebar, String(open), 7 * DAY);
