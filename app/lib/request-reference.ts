import { useState } from "react";
import { useServerRender } from "./server-render";

// The error page's "Reference": the id of the request that failed (the x-request-id header and
// every log line of that request carry it), for a visitor to quote to support.

/** The element that shows the reference; the browser reads it back while hydrating. */
export const REQUEST_REFERENCE_ID = "request-reference";

/**
 * The reference of the request that rendered `error`'s page: from the server while rendering,
 * from the server's HTML while hydrating (so both render the same line). An error met later in
 * the browser (a client-side navigation) was not rendered by a request of its own: no reference.
 */
export function useErrorReference(error: unknown): string | undefined {
  const fromServer = useServerRender().requestId;
  const [first] = useState(() => ({
    error,
    reference: fromServer ?? (typeof document === "undefined" ? undefined : document.getElementById(REQUEST_REFERENCE_ID)?.dataset.reference),
  }));
  return first.error === error ? first.reference : undefined;
}
