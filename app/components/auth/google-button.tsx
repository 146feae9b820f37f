import { useEffect, useRef, useState } from "react";
import { useLang, useT } from "~/i18n/react";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (r: { credential: string }) => void;
        ux_mode?: "popup";
      }): void;
      renderButton(el: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const GSI_SRC = "https://accounts.google.com/gsi/client";
let gsiLoading: Promise<void> | undefined;
function loadGsi(): Promise<void> {
  gsiLoading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      gsiLoading = undefined;
      reject(new Error("Google script failed to load"));
    };
    document.head.appendChild(script);
  });
  return gsiLoading;
}

/** Google's own button (Google Identity Services); the ID token it yields goes to /api/auth/google. */
export function GoogleButton({ clientId, onCredential }: { clientId: string; onCredential: (token: string) => void }) {
  const t = useT();
  const lang = useLang();
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    let cancelled = false;
    loadGsi()
      .then(() => {
        if (cancelled || !ref.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => callback.current(r.credential),
          ux_mode: "popup",
        });
        window.google.accounts.id.renderButton(ref.current, {
          theme: "outline",
          size: "large",
          text: "continue_with",
          shape: "pill",
          locale: lang,
          width: 320,
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, lang]);

  if (failed) return <p className="text-center text-sm text-muted">{t("auth.googleUnavailable")}</p>;
  return (
    <div
      ref={ref}
      className="flex min-h-11 justify-center"
      data-testid="google-button"
      role="group"
      aria-label={t("auth.continueWithGoogle")}
    />
  );
}
