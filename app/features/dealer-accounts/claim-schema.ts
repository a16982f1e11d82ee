import { z } from "~/lib/zod";
import { readClaimCode } from "./claim-rules";

// The claim page's forms, one zod schema each, shared by the browser and the server (and the
// command line's decision): the mailed code, the request a moderator reads, and a moderator's or
// operator's approval or refusal.

// Control characters other than tab and line breaks have no place in stored text (NUL is refused
// by PostgreSQL); NFC keeps one spelling of accented letters.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const cleanText = (value: string) => value.normalize("NFC").replace(CONTROL, "").replace(/\r\n?/g, "\n").trim();
const cleanLine = (value: string) => cleanText(value).replace(/\s+/g, " ");

export const claimCodeSchema = z.object({
  code: z
    .string({ error: "Please enter the six-digit code from the mail" })
    .transform((value, ctx) => {
      const code = readClaimCode(value);
      if (code === null) {
        ctx.issues.push({ code: "custom", input: value, message: "Please enter the six-digit code from the mail" });
        return z.NEVER;
      }
      return code;
    }),
});

export const CLAIM_REVIEW_LIMITS = { role: 100, messageMin: 20, messageMax: 2000 } as const;
const PHONE_MESSAGE = "Please enter a South African phone number we can call, for example 082 123 4567 or +27 11 123 4567";

export const claimReviewSchema = z.object({
  role: z
    .string({ error: "Please tell us your role at the dealership" })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(2, { error: "Please tell us your role at the dealership" })
        .max(CLAIM_REVIEW_LIMITS.role, { error: `Please keep your role to ${CLAIM_REVIEW_LIMITS.role} characters or fewer` }),
    ),
  phone: z.string({ error: PHONE_MESSAGE }).transform((value, ctx) => {
    const compact = value.replace(/[\s\-().]/g, "");
    if (!/^(?:\+27|0)[1-9]\d{8}$/.test(compact)) {
      ctx.issues.push({ code: "custom", input: value, message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return compact;
  }),
  message: z
    .string({ error: "Please tell us how we can check that you run this dealership" })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(CLAIM_REVIEW_LIMITS.messageMin, { error: `Please tell us how we can check that you run this dealership (at least ${CLAIM_REVIEW_LIMITS.messageMin} characters)` })
        .max(CLAIM_REVIEW_LIMITS.messageMax, { error: `Please keep your message to ${CLAIM_REVIEW_LIMITS.messageMax} characters or fewer` }),
    ),
});

export type ClaimReviewInput = z.infer<typeof claimReviewSchema>;
export type ClaimReviewField = keyof ClaimReviewInput;

const DECISION_REASON_MIN = 10;
export const DECISION_REASON_MAX = 1000;

/** A moderator's or operator's decision: approving needs no words, refusing the reason the claimant reads. */
export const claimDecisionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), reason: z.string().optional().transform((v) => cleanText(v ?? "").slice(0, DECISION_REASON_MAX)) }),
    z.object({
      intent: z.literal("refuse"),
      reason: z
        .string({ error: "Please write the reason the claimant will read" })
        .transform(cleanText)
        .pipe(
          z
            .string()
            .min(DECISION_REASON_MIN, { error: `Please write the reason the claimant will read (at least ${DECISION_REASON_MIN} characters)` })
            .max(DECISION_REASON_MAX, { error: `Please keep the reason to ${DECISION_REASON_MAX} characters or fewer` }),
        ),
    }),
  ],
  { error: "This action is not available." },
);

export type ClaimDecision = z.infer<typeof claimDecisionSchema>;

/** The named fields of a posted form, as strings cut to a sane length (for the schema and the form's refill). */
export function formValues<K extends string>(source: FormData, fields: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 5000);
  }
  return out;
}
