// Amounts as people type them: "R 159 000", "159.000 ZAR" (as the site writes prices), "R159,000",
// "86 000 km". One reading for the search's parameters, the posting form and its live price check.

/**
 * The digits of a typed amount: without a leading R or ZAR, a trailing ZAR or km, and the thousands
 * separators (a space, dot or comma before each group of three digits). Anything else stays, for
 * the caller's digits-only check: "139 000.00" is refused, never read as 13 900 000.
 */
export function amountDigits(raw: string): string {
  return raw
    .trim()
    .replace(/^(?:R|ZAR)\s*/i, "")
    .replace(/\s*(?:ZAR|km)$/i, "")
    .replace(/(\d)[\s.,\u00a0\u202f](?=\d{3}(?!\d))/g, "$1");
}
