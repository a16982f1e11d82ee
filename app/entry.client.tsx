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

// Let the browser paint the server's HTML first, then hydrate: on slow phones the page shows
// at once instead of after the JavaScript has run.
requestAnimationFrame(() => setTimeout(hydrate, 0));
