import type { FieldErrors } from "~/ui/form";
import type { DealerService } from "../../../db/schema/vocabulary";

// The dealer page's contact form, its fixed parts without the validation library (the form loads
// dealer-contact-schema.ts when a visitor starts writing, so the page starts without it).

export const dealerContactTopics = ["new-car", "used-car", "service", "parts", "finance", "other"] as const;
export type DealerContactTopic = (typeof dealerContactTopics)[number];

export const dealerContactTopicLabels: Record<DealerContactTopic, string> = {
  "new-car": "A new car",
  "used-car": "A used car",
  service: "A service booking",
  parts: "Parts",
  finance: "Finance",
  other: "Something else",
};

/** The topics a dealer's form offers: what it sells and the services it lists, and "something else". */
export function topicsFor(dealer: { sellsNew: boolean; sellsUsed: boolean; services: readonly DealerService[] }): DealerContactTopic[] {
  return dealerContactTopics.filter(
    (topic) =>
      (topic === "new-car" && dealer.sellsNew) ||
      (topic === "used-car" && dealer.sellsUsed) ||
      ((topic === "service" || topic === "parts" || topic === "finance") && dealer.services.includes(topic)) ||
      topic === "other",
  );
}

export const DEALER_CONTACT_LIMITS = { name: 100, email: 254, messageMin: 10, messageMax: 3000 } as const;

const dealerContactFields = ["name", "email", "phone", "topic", "message"] as const;
export type DealerContactField = (typeof dealerContactFields)[number];
type DealerContactValues = Partial<Record<DealerContactField, string>>;

/** The form's raw values, echoed back after a failed send (never the captcha). */
export function dealerContactValues(source: FormData): DealerContactValues {
  const out: DealerContactValues = {};
  for (const field of dealerContactFields) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 10_000);
  }
  return out;
}

export const dealerContactSuccess = (dealerName: string) =>
  `Your message is on its way to ${dealerName}. They will answer you by email (or phone, if you gave a number).`;

/** Set by the form once scripts run: the answer then comes back as data, not as a redirect. */
export const DEALER_SCRIPTED_FIELD = "scripted";
/** The no-script form lands on the dealer page with ?contact=sent after a successful send. */
export const DEALER_CONTACT_SENT_PARAM = "contact";

export type DealerContactAnswer =
  | { ok: true }
  | { ok: false; formError?: string; fieldErrors?: FieldErrors<DealerContactField>; values: DealerContactValues };
