import { amountDigits } from "~/lib/amounts";
import { findProvince } from "~/lib/places";
import { formatKm } from "~/lib/format";
import { z } from "~/lib/zod";
import type { FieldErrors } from "~/ui/form";
import { AD_FORM_LIMITS } from "../ad-form-rules";
import { type ValuationField, valuationFields, type ValuationValues } from "./valuation-form";

// The valuation form's one schema, for the page's loader (the GET parameters) and the browser
// (checked before the form is sent; loaded on first use). Make and model are the used-car
// search's slugs; the server then checks they name cars on the marketplace.

export const VALUATION_MESSAGES = {
  make: "Choose the make",
  model: "Choose the model",
  year: `Enter the year, from ${AD_FORM_LIMITS.yearMin} to ${AD_FORM_LIMITS.yearMax}`,
  km: `Enter the mileage in km, from 0 to ${formatKm(AD_FORM_LIMITS.mileageMax)}`,
  variant: `The variant must be ${AD_FORM_LIMITS.variant} characters or fewer`,
  province: "Choose a province from the list",
} as const;

const slug = (message: string) => z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, { error: message });

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .transform((v) => amountDigits(v))
    .pipe(z.string().regex(/^\d{1,7}$/, { error: message }))
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));

export const valuationSchema = z.object({
  make: slug(VALUATION_MESSAGES.make),
  model: slug(VALUATION_MESSAGES.model),
  year: wholeNumber(VALUATION_MESSAGES.year, AD_FORM_LIMITS.yearMin, AD_FORM_LIMITS.yearMax),
  km: wholeNumber(VALUATION_MESSAGES.km, 0, AD_FORM_LIMITS.mileageMax),
  variant: z
    .string()
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(AD_FORM_LIMITS.variant, { error: VALUATION_MESSAGES.variant })),
  province: z.string().refine((v) => v === "" || findProvince(v) !== undefined, { error: VALUATION_MESSAGES.province }),
});

export type ValuationInput = z.output<typeof valuationSchema>;

export interface ParsedValuationForm {
  values: ValuationValues;
  input: ValuationInput | null;
  errors: FieldErrors<ValuationField>;
}

/** The form's values checked: the car to value, or a message for each field that fails. */
export function parseValuationForm(values: ValuationValues): ParsedValuationForm {
  const parsed = valuationSchema.safeParse(values);
  if (parsed.success) return { values, input: parsed.data, errors: {} };
  const errors: FieldErrors<ValuationField> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (valuationFields as readonly string[]).includes(field) && !errors[field as ValuationField]) errors[field as ValuationField] = issue.message;
  }
  return { values, input: null, errors };
}
