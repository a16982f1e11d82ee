import { formatPrice } from "~/lib/format";
import { type FieldErrors, toFieldErrors } from "~/ui/form";
import type { LeadBudgetKind, LeadCarCondition, LeadContactTime, LeadPaymentMethod } from "../../../db/schema/vocabulary";
import { leadStepSchemas, parseLeadBudget } from "./lead-schema";
import { type LeadDraft, type LeadStepNumber } from "./lead-steps";

// The answers of the lead form as its fields carry them, shared by the popup and the no-script
// page: reading them from a form or a query, carrying earlier steps in hidden fields, checking a
// step with the shared schema, and the labels both show.

export const carConditionLabels: Record<LeadCarCondition, string> = { new: "A new car", used: "A used car", either: "New or used" };
export const paymentMethodLabels: Record<LeadPaymentMethod, string> = {
  cash: "Cash",
  finance: "Vehicle finance",
  lease: "Lease",
  "trade-in-finance": "Trade-in plus finance",
};
export const budgetKindLabels: Record<LeadBudgetKind, string> = { price: "A price range", monthly: "A monthly instalment" };
export const contactTimeLabels: Record<LeadContactTime, string> = {
  any: "Any time",
  morning: "Morning (08:00–12:00)",
  afternoon: "Afternoon (12:00–17:00)",
  evening: "Evening (17:00–19:00)",
};

/** Each step's own fields, in the order they appear; "wanted" repeats. */
const LEAD_STEP_FIELDS: Record<LeadStepNumber, readonly string[]> = {
  0: ["car_condition"],
  1: ["payment_method"],
  2: ["wanted", "budget_kind", "budget"],
  3: ["name", "phone", "email", "province", "contact_time", "consent"],
};

/** Where the request came from; carried through the steps and posted with the last one. */
const LEAD_ATTRIBUTION_FIELDS = ["source_path", "referrer", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

const MAX_VALUE = 300;

/** The answers (and attribution) found in a form or a query string; unknown names are left out. */
export function readLeadDraft(source: URLSearchParams | FormData): LeadDraft {
  const fields: Record<string, string> = {};
  const names = [...Object.values(LEAD_STEP_FIELDS).flat(), ...LEAD_ATTRIBUTION_FIELDS].filter((n) => n !== "wanted");
  for (const name of names) {
    const value = source.get(name);
    if (typeof value === "string") fields[name] = value.slice(0, MAX_VALUE);
  }
  const wanted = source
    .getAll("wanted")
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim().slice(0, 24))
    .filter(Boolean)
    .slice(0, 6);
  return { fields, wanted };
}

/** The messages of one step's schema, or null when the step is answered well. */
export function checkLeadStep(step: LeadStepNumber, draft: LeadDraft): FieldErrors | null {
  const input = step === 2 ? { ...pick(draft, step), wanted: draft.wanted } : pick(draft, step);
  const result = leadStepSchemas[step].safeParse(input);
  return result.success ? null : toFieldErrors(result.error);
}

function pick(draft: LeadDraft, step: LeadStepNumber): Record<string, string | undefined> {
  return Object.fromEntries(LEAD_STEP_FIELDS[step].filter((n) => n !== "wanted").map((n) => [n, draft.fields[n]]));
}

/** The first step before `step` whose answers do not pass, with its messages. */
export function firstFailingStep(draft: LeadDraft, before: LeadStepNumber): { step: LeadStepNumber; errors: FieldErrors } | null {
  for (let step = 0 as LeadStepNumber; step < before; step = (step + 1) as LeadStepNumber) {
    const errors = checkLeadStep(step, draft);
    if (errors) return { step, errors };
  }
  return null;
}

/** Name/value pairs of the answers before `step` plus the attribution, for hidden fields. */
export function carriedLeadFields(draft: LeadDraft, step: LeadStepNumber): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let s = 0; s < step; s++) {
    for (const name of LEAD_STEP_FIELDS[s as LeadStepNumber]) {
      if (name === "wanted") for (const value of draft.wanted) pairs.push(["wanted", value]);
      else if (draft.fields[name] !== undefined) pairs.push([name, draft.fields[name]!]);
    }
  }
  for (const name of LEAD_ATTRIBUTION_FIELDS) if (draft.fields[name]) pairs.push([name, draft.fields[name]!]);
  return pairs;
}

/**
 * A query string for the no-script page at `step` that keeps the answers about the car; the
 * contact details never go into an address (they would sit in logs and the browser's history).
 */
export function leadPageQuery(draft: LeadDraft, step: LeadStepNumber): string {
  const query = new URLSearchParams({ step: String(step) });
  for (const [name, value] of carriedLeadFields(draft, 3)) query.append(name, value);
  return query.toString();
}

/** How a budget was read, e.g. "250.000 – 350.000 ZAR" or "up to 6.500 ZAR a month"; null when it cannot be. */
export function describeLeadBudget(kind: string | undefined, text: string | undefined): string | null {
  if ((kind !== "price" && kind !== "monthly") || !text) return null;
  const budget = parseLeadBudget(kind, text);
  if (!budget) return null;
  const amount = (n: number) => formatPrice(n, { withCurrency: true });
  if (kind === "monthly") return budget.min > 0 && budget.max !== null ? `${amount(budget.min)} to ${amount(budget.max)} a month` : `up to ${amount(budget.max ?? budget.min)} a month`;
  return budget.max === null ? `from ${amount(budget.min)}` : `${formatPrice(budget.min)} – ${amount(budget.max)}`;
}

/** One step's answers as its form holds them: an unticked box or unchosen radio becomes "". */
export function readLeadStep(step: LeadStepNumber, source: FormData): Partial<LeadDraft> {
  const fields: Record<string, string> = {};
  let wanted: string[] | undefined;
  for (const name of LEAD_STEP_FIELDS[step]) {
    if (name === "wanted") wanted = readLeadDraft(source).wanted;
    else {
      const value = source.get(name);
      fields[name] = typeof value === "string" ? value.slice(0, MAX_VALUE) : "";
    }
  }
  return wanted ? { fields, wanted } : { fields };
}

/** What /trouver-mon-vehicule answers to a POST (lead-submit.server.ts's LeadSubmitAnswer). */
export type LeadAnswer =
  | { ok: true; duplicate: boolean; dealers: Array<{ name: string; city: string }>; salesDesk: boolean }
  | { ok: false; step: LeadStepNumber; fieldErrors: Record<string, string>; formError?: string };

/**
 * The no-script page's attribution, worked out on its first step: the page the visitor came from
 * (our own page's path, or the lead page with an outside referrer kept apart).
 */
export function landingAttribution(referer: string | null, origin: string, landing: URL): Record<string, string> {
  const own = `${landing.pathname}${landing.search}`.slice(0, MAX_VALUE);
  if (!referer) return { source_path: own };
  try {
    const from = new URL(referer);
    if (from.origin === origin) return { source_path: `${from.pathname}${from.search}`.slice(0, MAX_VALUE) };
    return { source_path: own, referrer: referer.slice(0, MAX_VALUE) };
  } catch {
    return { source_path: own };
  }
}
