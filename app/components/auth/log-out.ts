import { GUEST_CART_STORAGE_KEY } from "@core/constants";
import { api } from "~/lib/api";

/**
 * The one way to log out, from anywhere: ends the session on the server, forgets the guest cart
 * kept in this browser (SPEC §4), and lands on /auth with the outcome (SPEC §8 logout=error).
 */
export async function logOut(): Promise<void> {
  let outcome: "success" | "error" = "success";
  try {
    await api("/logout", { method: "POST", noAuthRedirect: true });
  } catch {
    outcome = "error";
  }
  try {
    window.localStorage.removeItem(GUEST_CART_STORAGE_KEY);
    window.sessionStorage.clear();
  } catch {
    // Storage can be blocked (private mode); there is then nothing stored to clear.
  }
  window.location.assign(`/auth?logout=${outcome}`);
}

/** Only same-site paths are followed after sign-in, so ?redirect= cannot send anyone elsewhere. */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
