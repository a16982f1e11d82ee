import type { FieldErrors } from "~/ui/form";
import { z } from "~/lib/zod";
import type { FinanceInput } from "./finance";
import { FINANCE_LIMITS, type FinanceField, financeFields, type FinanceFormValues, financeLabels, financeValues, type ParamSource, type ParsedFinanceForm, parsePercent, parseRandAmount } from "./finance-form";

export * from "./finance-form";

// The repayment calculator's one schema, for the page loader (GET parameters of a plain form
// submission) and the browser (live results as the visitor types; the calculator loads this
// module on first use). A bad or out-of-range value is a message under its field; the other
// figures stay as typed, nothing throws.

const formatBound = (n: number) => `R${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ")}`;

const required = (label: string) => z.string().trim().min(1, `Enter the ${label.toLowerCase().replace(/^the /, "")}.`);

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

/**
 * The form as submitted (GET parameters) or typed. A parameter that is absent takes its
 * default (`defaults`, then the examples), so /…?price=250000 works; one present but empty is an
 * error ("Enter the …").
 */
export function parseFinanceForm(source: ParamSource, defaults: Partial<FinanceFormValues> = {}): ParsedFinanceForm {
  const values = financeValues(source, defaults);
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
