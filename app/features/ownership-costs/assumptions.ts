import { formatKm, groupDigits } from "~/lib/format";
import type { FuelType } from "../../../db/schema/vocabulary";
import { provinces } from "~/lib/places";

// The cost of ownership's assumptions, read from a page's GET parameters (the form on the version
// and ad pages): each has a default and bounds, and a value out of bounds falls back to the default
// with a message saying so, never an error page. The names are the page's query parameters
// (handle.query lists them through costAssumptionParams).

export const paymentKinds = ["finance", "cash"] as const;
export type Payment = (typeof paymentKinds)[number];
export const petrolGrades = ["95", "93"] as const;
export type PetrolGrade = (typeof petrolGrades)[number];

export interface CostAssumptions {
  years: number;
  kmPerYear: number;
  province: string;
  /** The petrol grade a petrol or hybrid car is filled with (a diesel takes diesel). */
  grade: PetrolGrade;
  payment: Payment;
  /** Share of home charging from solar panels, 0 to 100 (electric and plug-in hybrid cars). */
  solarPercent: number;
  /** The home charger's power in kW, for the load-shedding sentence. */
  chargerKw: number;
  /** The load-shedding stage of that sentence. */
  stage: number;
}

/** The defaults: five years at 15 000 km a year in Gauteng (the largest market), 95 petrol, on finance (two buyers in three). */
export const DEFAULT_ASSUMPTIONS: CostAssumptions = {
  years: 5,
  kmPerYear: 15_000,
  province: "gauteng",
  grade: "95",
  payment: "finance",
  solarPercent: 0,
  chargerKw: 7,
  stage: 4,
};

export const ASSUMPTION_LIMITS = {
  years: { min: 1, max: 10 },
  kmPerYear: { min: 1_000, max: 100_000 },
  solarPercent: { min: 0, max: 100 },
  chargerKw: { min: 1, max: 50 },
  stage: { min: 1, max: 8 },
} as const;

/** The query parameter of each assumption. */
export const assumptionParams = {
  years: "years",
  kmPerYear: "km",
  province: "province",
  grade: "grade",
  payment: "pay",
  solarPercent: "solar",
  chargerKw: "charger",
  stage: "stage",
} as const satisfies Record<keyof CostAssumptions, string>;

/** Every parameter the cost section reads, for a page's handle.query. */
export const costAssumptionParams: readonly string[] = Object.values(assumptionParams);

export const provinceName = (slug: string) => provinces.find((p) => p.slug === slug)?.name ?? slug;

/** "15 000", "15,000", "15000 km" all read as 15000; anything else is NaN. */
function number(text: string): number {
  const cleaned = text.trim().replace(/\s|,(?=\d{3}\b)/g, "").replace(/km$|kw$|%$/i, "").replace(",", ".");
  return /^\d{1,7}(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export interface ParsedAssumptions {
  assumptions: CostAssumptions;
  /** One sentence per parameter that could not be used, naming the value used instead. */
  messages: string[];
}

/**
 * Reads the assumptions from a query, over the defaults given (the ad page starts from the ad's
 * province). A parameter that is absent or empty takes the default silently; one that is out of
 * bounds or unreadable takes it with a message.
 */
export function parseCostAssumptions(params: URLSearchParams, defaults: CostAssumptions = DEFAULT_ASSUMPTIONS): ParsedAssumptions {
  const assumptions = { ...defaults };
  const messages: string[] = [];
  const raw = (key: keyof CostAssumptions) => (params.get(assumptionParams[key]) ?? "").trim().slice(0, 40);

  const bounded = (key: "years" | "kmPerYear" | "solarPercent" | "chargerKw" | "stage", noun: string, whole: boolean) => {
    const text = raw(key);
    if (!text) return;
    const value = number(text);
    const { min, max } = ASSUMPTION_LIMITS[key];
    if (Number.isFinite(value) && value >= min && value <= max && (!whole || Number.isInteger(value))) assumptions[key] = value;
    else messages.push(`${noun} must be ${whole ? "a whole number " : ""}from ${groupDigits(min)} to ${groupDigits(max)}: showing ${String(defaults[key]).includes(".") ? defaults[key] : groupDigits(defaults[key])}.`);
  };
  bounded("years", "The years of ownership", true);
  bounded("kmPerYear", "The km a year", true);
  bounded("solarPercent", "The share of charging from solar (%)", true);
  bounded("chargerKw", "The charger's power (kW)", false);
  bounded("stage", "The load-shedding stage", true);

  const province = raw("province").toLowerCase();
  if (province) {
    if (provinces.some((p) => p.slug === province)) assumptions.province = province;
    else messages.push(`There is no province "${raw("province")}": showing ${provinceName(defaults.province)}.`);
  }
  const grade = raw("grade");
  if (grade) {
    if ((petrolGrades as readonly string[]).includes(grade)) assumptions.grade = grade as PetrolGrade;
    else messages.push(`The petrol grade is 93 or 95: showing ${defaults.grade}.`);
  }
  const payment = raw("payment").toLowerCase();
  if (payment) {
    if ((paymentKinds as readonly string[]).includes(payment)) assumptions.payment = payment as Payment;
    else messages.push(`Pay is "cash" or "finance": showing ${defaults.payment}.`);
  }
  return { assumptions, messages };
}

/** The query of the assumptions that differ from the defaults (what a shared address needs). */
export function assumptionsQuery(assumptions: CostAssumptions, defaults: CostAssumptions = DEFAULT_ASSUMPTIONS): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of Object.keys(assumptionParams) as (keyof CostAssumptions)[]) {
    if (assumptions[key] !== defaults[key]) query.set(assumptionParams[key], String(assumptions[key]));
  }
  return query;
}

/** The assumptions in one sentence, said above every cost figure. */
export function assumptionsSentence(a: CostAssumptions, fuel: FuelType): string {
  const fuelText = fuel === "electric" ? "charged at home" : fuel === "diesel" ? "diesel" : `${a.grade} petrol`;
  return `Over ${a.years} ${a.years === 1 ? "year" : "years"} at ${formatKm(a.kmPerYear)} a year in ${provinceName(a.province)}, ${fuelText}, ${a.payment === "cash" ? "paid cash" : "bought on finance"}.`;
}
