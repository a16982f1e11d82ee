// Reading a form's GET parameters the way the faceted searches (new cars, used cars) do: every
// value is checked afterwards by the search's own schema; these only pick the raw text out.

/** A value quoted for a notice, cut at 30 characters. */
export const quoteValue = (value: string) => `“${value.length > 30 ? `${value.slice(0, 30)}…` : value}”`;

/** The one non-empty value of a single parameter (the last one wins, as in most forms). */
export function singleParam(params: URLSearchParams, key: string): string | undefined {
  const value = params.getAll(key).filter((v) => v.trim() !== "").at(-1);
  return value?.trim();
}

/** Values of a multi-select parameter: repeated (?fuel=a&fuel=b) or comma-separated, lower case, deduplicated. */
export function multiParam(params: URLSearchParams, key: string): string[] {
  const values = params
    .getAll(key)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(values)];
}
