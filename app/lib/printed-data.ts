import { createContext, useContext } from "react";

/**
 * Data that the server's render of a document needs but the browser never reads: what is printed
 * inside a static island (a result page's cards), which the browser keeps as HTML instead of
 * hydrating. Sent once as HTML rather than twice (HTML and hydration data). A client-side
 * navigation fetches its data as usual, with everything in it.
 */
export const PrintedDataContext = createContext<Map<string, unknown> | undefined>(undefined);

/** On the server, during a document's render: what the loader kept for printing. */
export function usePrintedData<T>(key: string): T | undefined {
  return useContext(PrintedDataContext)?.get(key) as T | undefined;
}
