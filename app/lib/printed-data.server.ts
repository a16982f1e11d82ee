import type { AppLoadContext } from "react-router";
import { type PackedJson, packedJson } from "./packed-json";

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
 * `value` packed for the loader data (packed-json.ts); for a document request, also kept as it is
 * for the render (usePackedJson), which then does not read the JSON back.
 */
export function packedForDocument<T>(context: AppLoadContext | undefined, key: string, value: T): PackedJson<T> {
  context?.printed?.set(key, value);
  return packedJson(value);
}
