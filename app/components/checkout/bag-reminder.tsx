/**
 * "Email me a reminder about my bag" at a guest's checkout (issue 16, docs/decisions/300). Unticked
 * by default. Ticked, with an address, the bag is saved on the server a moment after the address or
 * the bag last changed (one save per pause, not per keystroke); the token of that save stays in this
 * browser, so later saves update the same row and unticking (or ordering) forgets it. This is a
 * background save, not a form, so it calls the API itself; its state is shown beside the box.
 */
import { useCallback, useEffect, useState } from "react";
import { call } from "~/lib/api-client";
import type { CartLine } from "~/lib/cart-client";
import { useT } from "~/i18n/react";

const TOKEN_KEY = "azya.bagReminder";
const SAVE_AFTER_MS = 800;
const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) && email.length <= 254;

const storedToken = () => window.localStorage.getItem(TOKEN_KEY) ?? undefined;

type SaveState = "idle" | "saving" | "saved" | "failed" | "needsEmail";

export interface BagReminder {
  ticked: boolean;
  state: SaveState;
  setTicked(on: boolean): void;
  /** After the order: the saved bag is forgotten (the server also drops it by the order's address). */
  forget(): void;
}

export function useBagReminder(enabled: boolean, email: string, lines: CartLine[]): BagReminder {
  const [ticked, setTickedState] = useState(false);
  const [state, setState] = useState<SaveState>("idle");
  const bag = JSON.stringify(
    lines.map(({ productId, quantity, size, color }) => ({ productId, quantity, size, color })),
  );

  // A box ticked on an earlier visit is still ticked: the server still holds that bag.
  useEffect(() => {
    if (enabled && storedToken()) setTickedState(true);
  }, [enabled]);

  useEffect(() => {
    if (!enabled || !ticked) return;
    if (!looksLikeEmail(email)) {
      setState("needsEmail");
      return;
    }
    const parsed = JSON.parse(bag) as { productId: string; quantity: number; size: string; color: string }[];
    if (parsed.length === 0) return;
    const timer = setTimeout(async () => {
      setState("saving");
      try {
        const { token } = await call("PUT /cart-reminders/guest", {
          body: { email: email.trim(), lines: parsed.slice(0, 30), token: storedToken() },
        });
        window.localStorage.setItem(TOKEN_KEY, token);
        setState("saved");
      } catch {
        setState("failed");
      }
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [enabled, ticked, email, bag]);

  const drop = useCallback(() => {
    const token = storedToken();
    window.localStorage.removeItem(TOKEN_KEY);
    if (token) void call("DELETE /cart-reminders/guest/:token", { params: { token } }).catch(() => {});
  }, []);

  const setTicked = useCallback(
    (on: boolean) => {
      setTickedState(on);
      setState("idle");
      if (!on) drop();
    },
    [drop],
  );

  return { ticked, state, setTicked, forget: drop };
}

export function BagReminderBox({ reminder }: { reminder: BagReminder }) {
  const t = useT();
  const note =
    reminder.state === "saved"
      ? t("reminders.optInSaved")
      : reminder.state === "needsEmail"
        ? t("reminders.optInNeedsEmail")
        : reminder.state === "failed"
          ? t("reminders.optInFailed")
          : null;
  return (
    <div className="mt-4 rounded-lg border border-line p-3" data-testid="bag-reminder">
      <label className="inline-flex items-start gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={reminder.ticked}
          onChange={(e) => reminder.setTicked(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
          aria-describedby="bag-reminder-hint"
          data-testid="bag-reminder-box"
        />
        <span>{t("reminders.optIn")}</span>
      </label>
      <p id="bag-reminder-hint" className="mt-1 ps-6 text-xs text-muted">
        {t("reminders.optInHint")}
      </p>
      <p
        className={`mt-1 ps-6 text-xs ${reminder.state === "failed" ? "text-red-700 dark:text-red-400" : "text-muted"}`}
        role="status"
        data-testid="bag-reminder-state"
        data-state={reminder.state}
      >
        {note}
      </p>
    </div>
  );
}
