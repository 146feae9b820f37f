import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

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

// The server's HTML is the page: let the browser paint it before hydration, the page's longest task,
// takes the main thread (React Router's default entry hydrates at once, often before the first paint).
// A hidden tab runs no animation frames, so a timer hydrates it anyway.
let started = false;
const once = () => {
  if (started) return;
  started = true;
  hydrate();
};
requestAnimationFrame(() => setTimeout(once));
setTimeout(once, 250);
