import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadDictionary } from "~/i18n/dictionary-text";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/**
 * The page's dictionary (decision 356), already on its way since the page's <head> preloaded it.
 * Without it the page would hydrate into translation keys, so a page whose dictionary cannot be
 * had even on a second try stays as the server rendered it: readable, its links and forms working.
 */
async function dictionaryReady(): Promise<boolean> {
  const href = document.querySelector<HTMLMetaElement>('meta[name="dictionary"]')?.content;
  if (!href) return true; // the error page without its root data carries its own few strings
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await loadDictionary(href);
      return true;
    } catch (err) {
      if (attempt === 1)
        console.error(
          `The page's dictionary (${href}) could not be loaded; the page stays as the server rendered it.`,
          err,
        );
    }
  }
  return false;
}

// The server's HTML starts this module only after the browser has painted it (decision 082), so
// hydration, the page's longest task, never delays the first paint.
void dictionaryReady().then((ready) => {
  if (ready) hydrate();
});
