import { GUEST_CART_STORAGE_KEY } from "@core/constants";
import { call } from "~/lib/api-client";

/**
 * The one way to log out, from anywhere: ends the session on the server, forgets the guest cart
 * kept in this browser (SPEC §4), and lands on /auth with the outcome (SPEC §8 logout=error).
 */
export async function logOut(): Promise<void> {
  let outcome: "success" | "error" = "success";
  try {
    await call("POST /logout", {}, { noAuthRedirect: true });
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
