import { cleanLine } from "~/features/contact/schemas";
import { parsePriceRange } from "~/lib/format";
import { z } from "~/lib/zod";
import {
  leadBudgetKinds,
  leadCarConditions,
  leadContactTimes,
  leadPaymentMethods,
  type LeadBudgetKind,
  type LeadWantedCar,
} from "../../../db/schema/vocabulary";

// The lead popup's form (spec sections 2, 3, 4 and 5), one schema per step plus the whole request,
// shared by the popup, the no-script page /trouver-mon-vehicule and the server. Field names are the
// spec's where it names them (car_condition, payment_method, budget).

export const LEAD_MAX_CARS = 3;
export const LEAD_LIMITS = { name: 80, email: 160, budget: 60 } as const;

export const LEAD_MESSAGES = {
  carCondition: "Please choose new, used or either",
  paymentMethod: "Please choose how you would like to pay",
  wantedNone: "Please choose at least one brand or model",
  wantedTooMany: `Please choose at most ${LEAD_MAX_CARS} brands or models`,
  wantedBad: "Please choose brands and models from the list",
  budgetKind: "Please choose a price range or a monthly instalment",
  budget: "Please enter your budget, for example R 250 000 - R 350 000",
  monthly: "Please enter the instalment you can afford, for example R 6 500",
  budgetOrder: "The highest amount must be above the lowest",
  name: "Please enter your name",
  phone: "Please enter a South African mobile number, for example 082 123 4567 or +27 82 123 4567",
  email: "Please enter a valid email address",
  province: "Please choose your province",
  contactTime: "Please choose when we may call you",
  consent: "Please agree to be contacted by up to three dealers",
  forbidden: "This form must be sent from the Voitura website.",
} as const;

/** A South African mobile number (06x, 07x, 08x) in +27 form, or null. */
export function normaliseMobile(value: string): string | null {
  const compact = value.replace(/[\s\-().]/g, "");
  const match = compact.match(/^(?:\+27|0027|0)([678]\d{8})$/);
  return match ? `+27${match[1]}` : null;
}

/** "12" (a brand) or "12:345" (a brand's model), as the form's `wanted` values carry them. */
export function parseWantedCar(value: string): LeadWantedCar | null {
  const match = value.trim().match(/^(\d{1,9})(?::(\d{1,9}))?$/);
  if (!match) return null;
  return { brandId: Number(match[1]), modelId: match[2] ? Number(match[2]) : null };
}

export interface LeadBudget {
  kind: LeadBudgetKind;
  min: number;
  max: number | null;
}

/**
 * Reads a budget with the spec's price-range rules (dots and asterisks stripped, thousands commas,
 * a currency prefix, "min - max"). A lone number is the minimum of a price range, as the spec says;
 * for a monthly instalment it is the most the shopper can pay each month.
 */
export function parseLeadBudget(kind: LeadBudgetKind, text: string): LeadBudget | null {
  if (!/\d/.test(text)) return null;
  const range = parsePriceRange(text);
  const hasMax = range.max !== undefined;
  if (kind === "monthly" && !hasMax) return range.min > 0 ? { kind, min: 0, max: range.min } : null;
  if (!hasMax && range.min <= 0) return null;
  return { kind, min: range.min, max: hasMax ? range.max! : null };
}

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

/** Step 0 'JE CHERCHE UNE VOITURE'. */
const leadConditionStepSchema = z.object({ car_condition: choice(leadCarConditions, LEAD_MESSAGES.carCondition) });

/** Step 1 'MODE DE PAIEMENT'. */
const leadPaymentStepSchema = z.object({ payment_method: choice(leadPaymentMethods, LEAD_MESSAGES.paymentMethod) });

/** Step 2 'MARQUE ET BUDGET': one to three cars ("brandId" or "brandId:modelId") and a budget. */
export const leadCarsStepSchema = z
  .object({
    wanted: z
      .array(z.string(), { error: LEAD_MESSAGES.wantedNone })
      .transform((values, ctx) => {
        const unique = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
        const cars = unique.map(parseWantedCar);
        if (cars.some((c) => c === null)) {
          ctx.issues.push({ code: "custom", input: values, message: LEAD_MESSAGES.wantedBad });
          return z.NEVER;
        }
        if (cars.length === 0) {
          ctx.issues.push({ code: "custom", input: values, message: LEAD_MESSAGES.wantedNone });
          return z.NEVER;
        }
        if (cars.length > LEAD_MAX_CARS) {
          ctx.issues.push({ code: "custom", input: values, message: LEAD_MESSAGES.wantedTooMany });
          return z.NEVER;
        }
        return cars as LeadWantedCar[];
      }),
    budget_kind: choice(leadBudgetKinds, LEAD_MESSAGES.budgetKind),
    budget: z.string({ error: LEAD_MESSAGES.budget }).transform(cleanLine).pipe(z.string().max(LEAD_LIMITS.budget, { error: LEAD_MESSAGES.budget })),
  })
  .transform((step, ctx) => {
    const budget = parseLeadBudget(step.budget_kind, step.budget);
    if (!budget) {
      ctx.issues.push({ code: "custom", input: step.budget, path: ["budget"], message: step.budget_kind === "monthly" ? LEAD_MESSAGES.monthly : LEAD_MESSAGES.budget });
      return z.NEVER;
    }
    if (budget.max !== null && budget.max <= budget.min) {
      ctx.issues.push({ code: "custom", input: step.budget, path: ["budget"], message: LEAD_MESSAGES.budgetOrder });
      return z.NEVER;
    }
    return { wanted: step.wanted, budget, budgetText: step.budget };
  });

/** The contact details, after the three steps. */
export const leadContactStepSchema = z.object({
  name: z
    .string({ error: LEAD_MESSAGES.name })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: LEAD_MESSAGES.name }).max(LEAD_LIMITS.name, { error: `Your name must be ${LEAD_LIMITS.name} characters or fewer` })),
  phone: z.string({ error: LEAD_MESSAGES.phone }).transform((value, ctx) => {
    const phone = normaliseMobile(cleanLine(value));
    if (phone === null) {
      ctx.issues.push({ code: "custom", input: value, message: LEAD_MESSAGES.phone });
      return z.NEVER;
    }
    return phone;
  }),
  email: z
    .string({ error: LEAD_MESSAGES.email })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: LEAD_MESSAGES.email }).max(LEAD_LIMITS.email, { error: LEAD_MESSAGES.email }).pipe(z.email({ error: LEAD_MESSAGES.email }))),
  // A province slug of app/lib/places.ts (checked against the list by the server too).
  province: z.string({ error: LEAD_MESSAGES.province }).regex(/^[a-z-]{2,40}$/, { error: LEAD_MESSAGES.province }),
  contact_time: choice(leadContactTimes, LEAD_MESSAGES.contactTime),
  consent: z.literal("on", { error: LEAD_MESSAGES.consent }),
});

/** The popup's steps in ascending order (spec section 4): their numbers are the indexes here. */
export const leadStepSchemas = [leadConditionStepSchema, leadPaymentStepSchema, leadCarsStepSchema, leadContactStepSchema] as const;

type LeadConditionStep = z.infer<typeof leadConditionStepSchema>;
type LeadPaymentStep = z.infer<typeof leadPaymentStepSchema>;
type LeadCarsStep = z.infer<typeof leadCarsStepSchema>;
type LeadContactStep = z.infer<typeof leadContactStepSchema>;
/** How to reach the shopper: the last step's fields, shared by the trade-in form. */
export type LeadContact = LeadContactStep;
/** A whole request as the server stores it. */
export type LeadRequest = LeadConditionStep & LeadPaymentStep & LeadCarsStep & LeadContactStep;
