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

