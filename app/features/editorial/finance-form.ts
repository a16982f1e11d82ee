import type { FieldErrors } from "~/ui/form";
import type { FinanceInput } from "./finance";

// The repayment calculator's form as the page prints it: its fields, bounds, labels and address.
// Its rules (zod) are in ./finance-schema.ts, which the loader reads and the calculator loads when
// the visitor first reaches the form: the page itself starts without zod.

// In the order of the form, so a plain submission and the live address read the same.
export const financeFields = ["price", "deposit", "balloon", "rate", "term"] as const;
export type FinanceField = (typeof financeFields)[number];
/** The form's values as typed (strings), keyed by URL parameter name. */
export type FinanceFormValues = Record<FinanceField, string>;

/**
 * Bounds: a price from R10 000 (an old runabout) to R20 million; a balloon up to 40 % of the
 * price (most SA banks stop at 35–40 %); a term of 12 to 96 months (72 is the usual maximum,
 * some banks offer 84 and 96 on new cars); a rate up to 30 % a year, above any car loan the
 * National Credit Act's caps allow.
 */
export const FINANCE_LIMITS = {
  priceMin: 10_000,
  priceMax: 20_000_000,
  balloonMax: 40,
  termMin: 12,
  termMax: 96,
  rateMax: 30,
} as const;

/** Terms offered in the select; any whole number of months within the bounds is accepted from the URL. */
export const termOptions = [12, 24, 36, 48, 54, 60, 72, 84, 96] as const;

/**
 * The form's example values. The rate is today's typical rate, a published figure the page gives
 * (financeValues' `defaults`, from the cost figures: prime plus a typical margin), never a constant.
 */
const defaultFinanceValues: FinanceFormValues = {
  price: "400 000",
  deposit: "40 000",
  balloon: "0",
  term: "72",
  rate: "",
};

export const financeLabels: Record<FinanceField, string> = {
  price: "Vehicle price",
  deposit: "Deposit",
  balloon: "Balloon",
  term: "Term",
  rate: "Interest rate",
};

/**
 * Rand amounts as people type them: "400000", "400 000", "R400,000", "400.000" (thousands
 * grouped by spaces, commas or dots) with optional cents ("399 999,50"), rounded to the rand.
 */
export function parseRandAmount(text: string): number | null {
  const s = text
    .trim()
    .replace(/^(?:R|ZAR)\s*/i, "")
    .replace(/\s*(?:ZAR)$/i, "")
    .replace(/[\s\u00a0\u202f']/g, "");
  const m = /^(\d{1,3}(?:([.,])\d{3})?(?:\2\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const whole = Number(m[1]!.replace(/[.,]/g, ""));
  const fraction = m[3] ? Number(`0.${m[3]}`) : 0;
  return Math.round(whole + fraction);
}

/** A percentage: "11.75", "11,75", "11.75 %". */
export function parsePercent(text: string): number | null {
  const s = text.trim().replace(/\s*%$/, "").replace(",", ".");
  if (!/^\d{1,3}(?:\.\d{1,3})?$/.test(s)) return null;
  return Number(s);
}

export interface ParsedFinanceForm {
  values: FinanceFormValues;
  /** The checked input, or null when a field has an error. */
  input: FinanceInput | null;
  errors: FieldErrors<FinanceField>;
}

export type ParamSource = URLSearchParams | Partial<Record<string, string | null | undefined>>;

const read = (source: ParamSource, key: string): string | null | undefined =>
  source instanceof URLSearchParams ? source.get(key) : source[key];

/**
 * The form's values as submitted (GET parameters) or typed. A parameter that is absent takes its
 * default, so /…?price=250000 works; one present but empty stays empty (an error for the rules).
 */
export function financeValues(source: ParamSource, defaults: Partial<FinanceFormValues> = {}): FinanceFormValues {
  const values = { ...defaultFinanceValues, ...defaults };
  for (const field of financeFields) {
    const raw = read(source, field);
    // Long junk is cut so it cannot bloat the page that echoes it.
    if (raw !== null && raw !== undefined) values[field] = raw.slice(0, 40);
  }
  return values;
}

/** True when the URL carries any calculator parameter (the visitor used the form). */
export function hasFinanceParams(params: URLSearchParams): boolean {
  return financeFields.some((field) => params.has(field));
}

/** The query string of the form's values, trimmed, in a fixed order. */
export function financeSearch(values: FinanceFormValues): string {
  const params = new URLSearchParams();
  for (const field of financeFields) params.set(field, values[field].trim());
  return params.toString();
}
