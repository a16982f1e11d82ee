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

/**
 * A list a loader may have kept for printing only (`forPrintingOnly`, or [] when empty): the
 * loader's list, or on a document's render the printed one. `shown` says whether the page has the
 * list, which stays true while hydrating (the list is then null and its island keeps its HTML).
 */
export function usePrintedList<T>(fromLoader: T[] | null, key: string): { list: T[]; shown: boolean } {
  const printed = usePrintedData<T[]>(key);
  const list = fromLoader ?? printed ?? [];
  return { list, shown: fromLoader === null || list.length > 0 };
}
