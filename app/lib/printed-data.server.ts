import type { AppLoadContext } from "react-router";

/**
 * For a document request, keeps `value` for the render only and returns undefined (leave it out
 * of the loader data); for a data request (a client-side navigation), returns it. See
 * printed-data.ts.
 */
export function forPrintingOnly<T>(context: AppLoadContext | undefined, key: string, value: T): T | undefined {
  if (!context?.printed) return value;
  context.printed.set(key, value);
  return undefined;
}


/**
 * A list as `forPrintingOnly` keeps it: null when kept for printing, but an empty list stays [] so
 * the page knows to leave its section out (read it back with `usePrintedList`).
 */
export function listForPrintingOnly<T>(context: AppLoadContext | undefined, key: string, list: T[]): T[] | null {
  return list.length > 0 ? (forPrintingOnly(context, key, list) ?? null) : [];
}
