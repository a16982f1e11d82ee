import { formatKm, formatPrice, formatRand, groupDigits } from "~/lib/format";
import { provinceName } from "~/lib/places";
import type { LeadCarCondition, LeadContactTime, LeadPaymentMethod, LeadRequestKind, LeadTradeInCar } from "../../../db/schema/vocabulary";
import type { LeadBudget } from "./lead-schema";

// The words a lead's choices are shown with (mails, the deletion page, the dashboard, the export).

export const leadConditionLabels: Record<LeadCarCondition, string> = { new: "A new car", used: "A used car", either: "A new or used car" };

export const leadPaymentLabels: Record<LeadPaymentMethod, string> = {
  cash: "Cash",
  finance: "Vehicle finance",
  lease: "Lease",
  "trade-in-finance": "Trade-in plus finance",
};

export const leadContactTimeLabels: Record<LeadContactTime, string> = {
  any: "Any time",
  morning: "In the morning",
  afternoon: "In the afternoon",
  evening: "In the evening",
};

/** "R 250.000 - R 350.000", "From R 250.000", "Up to R 6.500 a month". */
export function leadBudgetText(budget: LeadBudget): string {
  const rand = (n: number) => `R ${formatPrice(n)}`;
  const range = budget.max === null ? `From ${rand(budget.min)}` : budget.min > 0 ? `${rand(budget.min)} - ${rand(budget.max)}` : `Up to ${rand(budget.max)}`;
  return budget.kind === "monthly" ? `${range} a month` : range;
}

/** A stored lead as its lines show it, whichever kind it is. */
export interface LeadShown {
  kind: LeadRequestKind;
  carCondition: LeadCarCondition | null;
  paymentMethod: LeadPaymentMethod | null;
  budget: LeadBudget | null;
  /** "Toyota Corolla Cross", "Volkswagen (any model)". */
  wantedNames: string[];
  province: string;
  tradeIn: LeadTradeInCar | null;
}

/** "2019 Toyota Corolla 1.8 Prestige, 85 000 km". */
export function tradeInCarText(car: LeadTradeInCar): string {
  return `${[String(car.year), car.makeName, car.modelName, car.variant].filter(Boolean).join(" ")}, ${formatKm(car.km)}`;
}

/** "R 180 000 – R 210 000 (from 12 similar ads)", or why there is no figure. */
export function tradeInValuationText(valuation: LeadTradeInCar["valuation"]): string {
  if (!valuation) return "not enough similar ads on Voitura to give a range";
  return `${formatRand(valuation.low)} – ${formatRand(valuation.high)} (from ${groupDigits(valuation.comparables)} similar ads)`;
}

/** What the lead asks, in lines, as every mail, the deletion page and the dashboard show it. */
export function leadRequestLines(lead: LeadShown): string[] {
  if (lead.kind === "trade-in" && lead.tradeIn) {
    return [
      `Selling: ${tradeInCarText(lead.tradeIn)}`,
      `Voitura's valuation of the asking price: ${tradeInValuationText(lead.tradeIn.valuation)}`,
      `Province: ${provinceName(lead.province)}`,
    ];
  }
  return [
    ...(lead.carCondition ? [`Looking for: ${leadConditionLabels[lead.carCondition]}`] : []),
    ...(lead.wantedNames.length ? [`Cars: ${lead.wantedNames.join(", ")}`] : []),
    ...(lead.budget ? [`Budget: ${leadBudgetText(lead.budget)}`] : []),
    ...(lead.paymentMethod ? [`Payment: ${leadPaymentLabels[lead.paymentMethod]}`] : []),
    `Province: ${provinceName(lead.province)}`,
  ];
}

/** The stored budget columns as a budget, null when the lead has none (a trade-in). */
export function storedLeadBudget(row: { budgetKind: LeadBudget["kind"] | null; budgetMin: number; budgetMax: number | null }): LeadBudget | null {
  return row.budgetKind ? { kind: row.budgetKind, min: row.budgetMin, max: row.budgetMax } : null;
}
