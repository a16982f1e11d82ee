import { useServerRender } from "./server-render";

/**
 * Data that the server's render of a document needs but the browser never reads: what is printed
 * inside a static island (a result page's cards), which the browser keeps as HTML instead of
 * hydrating. Sent once as HTML rather than twice (HTML and hydration data). A client-side
 * navigation fetches its data as usual, with everything in it.
 */

/** On the server, during a document's render: what the loader kept for printing. */
export function usePrintedData<T>(key: string): T | undefined {
  return useServerRender().printed?.get(key) as T | undefined;
}
