import type { FieldErrors } from "~/ui/form";
import { z } from "~/lib/zod";
import type { FinanceInput } from "./finance";

// The repayment calculator's form: one schema for the page loader (GET parameters of a plain
// form submission) and the browser (live results as the visitor types). A bad or out-of-range
// value is a message under its field; the other figures stay as typed, nothing throws.

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

const defaultFinanceValues: FinanceFormValues = {
  price: "400 000",
  deposit: "40 000",
  balloon: "0",
  term: "72",
  rate: "11.75",
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

const formatBound = (n: number) => `R${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ")}`;

const required = (label: string) => z.string().trim().min(1, `Enter the ${label.toLowerCase()}.`);

const randField = (label: string, min: number, max: number) =>
  required(label)
    .transform((s, ctx) => {
      const n = parseRandAmount(s);
      if (n === null) {
        ctx.addIssue({ code: "custom", message: `${label}: enter an amount in rand, for example 350 000.` });
        return z.NEVER;
      }
      return n;
    })
    .pipe(
      z
        .number()
        .min(min, `${label} must be at least ${formatBound(min)}.`)
        .max(max, `${label} must be at most ${formatBound(max)}.`),
    );

const percentField = (label: string, max: number) =>
  required(label)
    .transform((s, ctx) => {
      const n = parsePercent(s);
      if (n === null) {
        ctx.addIssue({ code: "custom", message: `${label}: enter a percentage, for example 11.75.` });
        return z.NEVER;
      }
      return n;
    })
    .pipe(z.number().max(max, `${label} must be at most ${max} %.`));

/** Each field on its own (a bad field never hides another field's message). */
const financeFieldSchemas = {
  price: randField(financeLabels.price, FINANCE_LIMITS.priceMin, FINANCE_LIMITS.priceMax),
  deposit: randField(financeLabels.deposit, 0, FINANCE_LIMITS.priceMax),
  balloon: percentField("The balloon", FINANCE_LIMITS.balloonMax),
  term: required("term")
    .regex(/^\d{1,3}$/, "Term: choose a number of months.")
    .transform(Number)
    .pipe(
      z
        .number()
        .min(FINANCE_LIMITS.termMin, `The term must be between ${FINANCE_LIMITS.termMin} and ${FINANCE_LIMITS.termMax} months.`)
        .max(FINANCE_LIMITS.termMax, `The term must be between ${FINANCE_LIMITS.termMin} and ${FINANCE_LIMITS.termMax} months.`),
    ),
  rate: percentField("The interest rate", FINANCE_LIMITS.rateMax),
};

/** Rules between fields, checked on whichever of them parsed. */
function crossFieldErrors(v: { price?: number; deposit?: number; balloon?: number }): FieldErrors<FinanceField> {
  if (v.price === undefined || v.deposit === undefined) return {};
  if (v.deposit >= v.price) return { deposit: "The deposit must be less than the vehicle price." };
  // The balloon is owed at the end of the loan, so it cannot be more than what was borrowed.
  if (v.balloon !== undefined && (v.price * v.balloon) / 100 > v.price - v.deposit) {
    return { balloon: "With this deposit the balloon would be more than the amount financed: lower the balloon or the deposit." };
  }
  return {};
}

/** The whole form: field rules, then the rules between fields; the output is the calculator's input. */
export const financeFormSchema = z
  .object(financeFieldSchemas)
  .superRefine((v, ctx) => {
    for (const [field, message] of Object.entries(crossFieldErrors(v))) ctx.addIssue({ code: "custom", path: [field], message });
  })
  .transform(
    (v): FinanceInput => ({ price: v.price, deposit: v.deposit, balloonPercent: v.balloon, termMonths: v.term, annualRatePercent: v.rate }),
  );

interface ParsedFinanceForm {
  values: FinanceFormValues;
  /** The checked input, or null when a field has an error. */
  input: FinanceInput | null;
  errors: FieldErrors<FinanceField>;
}

type ParamSource = URLSearchParams | Partial<Record<string, string | null | undefined>>;

const read = (source: ParamSource, key: string): string | null | undefined =>
  source instanceof URLSearchParams ? source.get(key) : source[key];

/**
 * The form as submitted (GET parameters) or typed. A parameter that is absent takes its
 * default, so /…?price=250000 works; one present but empty is an error ("Enter the …").
 */
export function parseFinanceForm(source: ParamSource): ParsedFinanceForm {
  const values = { ...defaultFinanceValues };
  for (const field of financeFields) {
    const raw = read(source, field);
    // Long junk is cut so it cannot bloat the page that echoes it.
    if (raw !== null && raw !== undefined) values[field] = raw.slice(0, 40);
  }
  const errors: FieldErrors<FinanceField> = {};
  const numbers: Partial<Record<FinanceField, number>> = {};
  for (const field of financeFields) {
    const parsed = financeFieldSchemas[field].safeParse(values[field]);
    if (parsed.success) numbers[field] = parsed.data;
    else errors[field] = parsed.error.issues[0]?.message ?? `Check the ${financeLabels[field].toLowerCase()}.`;
  }
  Object.assign(errors, crossFieldErrors(numbers));
  if (Object.keys(errors).length > 0) return { values, input: null, errors };
  const n = numbers as Record<FinanceField, number>;
  return { values, input: { price: n.price, deposit: n.deposit, balloonPercent: n.balloon, termMonths: n.term, annualRatePercent: n.rate }, errors };
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
