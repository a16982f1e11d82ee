import type { LeadAttribution, LeadCarCondition, LeadPaymentMethod, LeadTradeInCar, LeadWantedCar } from "../../../db/schema/vocabulary";
import { safeReturnPath } from "~/lib/return-path";
import type { LeadBudget } from "./lead-schema";

// The lead's pure rules on the server side: where it came from (attribution read from the form's
// hidden fields) and what makes two requests "the same one" (the duplicate key).

const ATTRIBUTION_LIMITS = { sourcePath: 500, referrer: 500, utm: 100 } as const;
const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;

const text = (value: FormDataEntryValue | null): string => (typeof value === "string" ? value.trim() : "");

/**
 * A same-site path of at most 500 characters, else "/": the popup sends the page's own path and
 * query, never another site.
 */
export function leadSourcePath(value: string): string {
  return safeReturnPath(value, "/", ATTRIBUTION_LIMITS.sourcePath);
}

/** The attribution fields the popup posts (source_path, referrer, utm_*), bounded and cleaned. */
export function leadAttribution(form: FormData): LeadAttribution {
  const referrer = text(form.get("referrer")).replace(/[\u0000-\u001f\u007f]/g, "").slice(0, ATTRIBUTION_LIMITS.referrer);
  const utm: LeadAttribution["utm"] = {};
  for (const key of UTM_KEYS) {
    const value = text(form.get(`utm_${key}`)).replace(/[\u0000-\u001f\u007f]/g, "").slice(0, ATTRIBUTION_LIMITS.utm);
    if (value) utm[key] = value;
  }
  return { sourcePath: leadSourcePath(text(form.get("source_path"))), referrer: referrer || null, utm };
}

interface DuplicateKeyInput {
  email: string;
  phone: string;
  carCondition: LeadCarCondition;
  paymentMethod: LeadPaymentMethod;
  wanted: readonly LeadWantedCar[];
  budget: LeadBudget;
}

/**
 * The text whose sha256 is the lead's duplicate key: the same person (e-mail, case-insensitive, and
 * mobile) asking the same thing (condition, payment, cars in any order, budget) on the same South
 * African day is one lead. Name, province and contact time are left out: correcting them is not a
 * new request.
 */
export function duplicateKeySource(input: DuplicateKeyInput, day: string): string {
  const wanted = input.wanted.map((c) => (c.modelId === null ? `${c.brandId}` : `${c.brandId}:${c.modelId}`)).sort();
  return [
    input.email.trim().toLowerCase(),
    input.phone,
    input.carCondition,
    input.paymentMethod,
    wanted.join(","),
    `${input.budget.kind}:${input.budget.min}-${input.budget.max ?? ""}`,
    day,
  ].join("|");
}

interface TradeInKeyInput {
  email: string;
  phone: string;
  car: Pick<LeadTradeInCar, "makeName" | "modelName" | "year" | "variant">;
}

/**
 * A trade-in's duplicate key text: the same person offering the same car (make, model, year and
 * variant, case-insensitive) on the same day is one lead; a corrected mileage is not a new car.
 */
export function tradeInDuplicateKeySource(input: TradeInKeyInput, day: string): string {
  const { car } = input;
  return ["trade-in", input.email.trim().toLowerCase(), input.phone, car.makeName, car.modelName, car.year, car.variant.trim().toLowerCase(), day].join("|");
}
