import { formatPrice } from "~/lib/format";
import type { LeadCarCondition, LeadContactTime, LeadPaymentMethod } from "../../../db/schema/vocabulary";
import type { LeadBudget } from "./lead-schema";

// The words a lead's choices are shown with (mails, the deletion page, the export).

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
