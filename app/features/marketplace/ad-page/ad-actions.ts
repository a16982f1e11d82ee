import type { FieldErrors } from "~/ui/form";
import type { SellerContactField, SellerContactValues } from "./contact-schema";
import type { ReportField } from "./report-schema";

// The ad page's POST intents and their answers, shared by the action and the forms that read them.

const AD_INTENTS = ["contact", "phone", "report"] as const;
type AdIntent = (typeof AD_INTENTS)[number];

/** Set by the forms once scripts run: the answer then comes back as data, not as a redirect. */
export const SCRIPTED_FIELD = "scripted";
/** The no-script contact form lands on the ad with this query after a successful send. */
export const CONTACT_SENT_PARAM = "contact";

type ContactAnswer =
  | { intent: "contact"; ok: true }
  | { intent: "contact"; ok: false; formError?: string; fieldErrors?: FieldErrors<SellerContactField>; values: SellerContactValues };

type PhoneAnswer = { intent: "phone"; ok: true; phone: string } | { intent: "phone"; ok: false; formError: string };

export type ReportAnswer =
  | { intent: "report"; ok: true; message: string }
  | { intent: "report"; ok: false; formError?: string; fieldErrors?: FieldErrors<ReportField>; values: Partial<Record<ReportField, string>> };

export type AdActionAnswer = ContactAnswer | PhoneAnswer | ReportAnswer | { intent: "unknown"; ok: false; formError: string };

export function answerFor<I extends AdIntent>(answer: unknown, intent: I): Extract<AdActionAnswer, { intent: I }> | undefined {
  return answer && typeof answer === "object" && (answer as { intent?: unknown }).intent === intent
    ? (answer as Extract<AdActionAnswer, { intent: I }>)
    : undefined;
}
