import { useMemo } from "react";
import { usePrintedData } from "./printed-data";

/**
 * A value carried in loader data as one JSON string. React Router's hydration data writes every
 * object, array and value of loader data on its own (a reference, a look-up for duplicates, a
 * quoted key each); a value of hundreds of small parts that only feeds the page's markup (the
 * used-car search's facet counts) crosses as one string instead, written and read natively.
 * Only for plain data: what JSON cannot say (dates, undefined, Sets) does not come back.
 */
export type PackedJson<T> = string & { readonly __packed?: T };

export function packedJson<T>(value: T): PackedJson<T> {
  return JSON.stringify(value) as PackedJson<T>;
}

export function unpackedJson<T>(packed: PackedJson<T>): T {
  return JSON.parse(packed) as T;
}

/**
 * The value of a packed field of loader data: in the server's render of a document, the value
 * the loader packed (kept under `key`, see packedForDocument), not read back from its JSON; in the
 * browser, read once per packed string.
 */
export function usePackedJson<T>(packed: PackedJson<T>, key: string): T {
  const kept = usePrintedData<T>(key);
  return useMemo(() => kept ?? unpackedJson(packed), [kept, packed]);
}
