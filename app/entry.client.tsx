import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { PHOTO_BASE_META, setPhotoBase } from "~/features/marketplace/photos";
import { noteEarlyInput } from "~/lib/early-input";

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

// This module is loaded once the page has painted (decision 007); hydration then runs in a
// transition, in small slices, so the page stays responsive. Photos get the server's addresses.
// What a visitor typed or chose before is noted first: hydration may undo it (app/lib/early-input.ts).
setPhotoBase(document.querySelector(`meta[name="${PHOTO_BASE_META}"]`)?.getAttribute("content"));
noteEarlyInput();
hydrate();
