import { TRADE_IN_PATH, VALUATION_PATH } from "../urls";

// The valuation page's form without the validation library (the rules are in valuation-schema.ts,
// which the browser loads on first use): its fields, labels and the address of an answer.

export const valuationFields = ["make", "model", "year", "km", "variant", "province"] as const;
export type ValuationField = (typeof valuationFields)[number];
export type ValuationValues = Record<ValuationField, string>;

export const valuationLabels: Record<ValuationField, string> = {
  make: "Make",
  model: "Model",
  year: "Year",
  km: "Mileage (km)",
  variant: "Variant",
  province: "Province",
};

const VALUE_MAX = 100;

/** The form's values as submitted (absent ones empty, each bounded). */
export function valuationValues(params: URLSearchParams): ValuationValues {
  const out = {} as ValuationValues;
  for (const field of valuationFields) out[field] = (params.get(field) ?? "").slice(0, VALUE_MAX);
  return out;
}

/** Whether the form was submitted at all (the bare page shows it empty, without messages). */
export const valuationAsked = (params: URLSearchParams): boolean => valuationFields.some((f) => params.has(f));

/** The answer's address for a car (its empty optional fields left out); the trade-in page's with `path`. */
export function valuationUrl(values: Partial<ValuationValues>, path: typeof VALUATION_PATH | typeof TRADE_IN_PATH = VALUATION_PATH): string {
  const params = new URLSearchParams();
  for (const field of valuationFields) {
    const value = values[field];
    if (value) params.set(field, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
