import { SELL_PATH } from "../urls";
import type { DraftFields } from "./ad-draft-steps";

// "Sell it on Voitura" from a valuation (issue 47): /poster-une-annonce?make=…&model=…&year=…
// &km=…[&variant=…][&province=…] starts the seller's draft with the car filled in, through the
// same login gate as any visit. Only names and numbers go into the draft, as typed values the
// steps check like anything a seller types (nothing is trusted from the address).

const PREFILL_FIELDS = ["make", "model", "variant", "year", "km", "province"] as const;
type PrefillField = (typeof PREFILL_FIELDS)[number];
export type DraftPrefill = Partial<Record<PrefillField, string>>;

const VALUE_MAX = 80;

/** The posting form's address with this car filled in. */
export function prefilledSellUrl(car: DraftPrefill): string {
  const params = new URLSearchParams();
  for (const field of PREFILL_FIELDS) if (car[field]) params.set(field, car[field]!);
  return `${SELL_PATH}?${params}`;
}

/** The car an address asks to fill in, or null when it names none (make and model at least). */
export function readDraftPrefill(params: URLSearchParams): DraftPrefill | null {
  const out: DraftPrefill = {};
  for (const field of PREFILL_FIELDS) {
    const value = (params.get(field) ?? "").replace(/\s+/g, " ").trim().slice(0, VALUE_MAX);
    if (value) out[field] = value;
  }
  return out.make && out.model ? out : null;
}

/** The draft's step values for the car: the car step, the mileage of the condition step, the province. */
export function prefillFields(car: DraftPrefill): DraftFields {
  const fields: DraftFields = { car: { make: car.make ?? "", model: car.model ?? "", variant: car.variant ?? "", year: /^\d{4}$/.test(car.year ?? "") ? car.year! : "" } };
  if (car.km && /^\d{1,7}$/.test(car.km)) fields.condition = { mileageKm: car.km };
  if (car.province) fields.place = { province: car.province };
  return fields;
}
