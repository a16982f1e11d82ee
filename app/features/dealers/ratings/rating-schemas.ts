import { cleanText } from "~/features/contact/schemas";
import { z } from "~/lib/zod";
import { type ReviewReportReason, reviewReportReasons } from "../../../../db/schema/vocabulary";
import { RATING_MAX, RATING_MIN, ratingCriterionLabels } from "./rating-rules";

// The three forms of buyers' ratings, one schema each, shared by the browser and the server: a
// buyer's rating, the dealer's answer, a reader's report. Text is trimmed, kept as typed otherwise,
// and escaped wherever it is shown.

export const RATING_LIMITS = { textMin: 20, textMax: 1000, replyMin: 10, replyMax: 1000, reportDetailsMax: 1000 } as const;
const L = RATING_LIMITS;

export const ratingFields = ["response", "honesty", "asDescribed", "text"] as const;
export type RatingField = (typeof ratingFields)[number];
export type RatingValues = Partial<Record<RatingField, string>>;

function score(label: string) {
  const message = `Please rate ${label.toLowerCase()} from ${RATING_MIN} to ${RATING_MAX}`;
  return z
    .string({ error: message })
    .regex(/^[1-5]$/, { error: message })
    .transform(Number);
}

function words(required: string, min: number, max: number, tooShort: string, tooLong: string) {
  return z
    .string({ error: required })
    .transform(cleanText)
    .pipe(z.string().min(1, { error: required }).min(min, { error: tooShort }).max(max, { error: tooLong }));
}

export const ratingSchema = z.object({
  response: score(ratingCriterionLabels.response),
  honesty: score(ratingCriterionLabels.honesty),
  asDescribed: score(ratingCriterionLabels["as-described"]),
  text: words(
    "Please tell other buyers how it went",
    L.textMin,
    L.textMax,
    `Please write at least ${L.textMin} characters`,
    `Please keep it to ${L.textMax} characters or fewer`,
  ),
});
export type RatingInput = z.infer<typeof ratingSchema>;

/** The fields the schema reads, from a form's data (each clipped: a huge value is no reason to parse it all). */
export function ratingValues(source: FormData): RatingValues {
  const out: RatingValues = {};
  for (const field of ratingFields) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 5000);
  }
  return out;
}

export const replySchema = z.object({
  ratingId: z.string({ error: "This rating is not on the page any more" }).regex(/^\d{1,9}$/, { error: "This rating is not on the page any more" }).transform(Number),
  reply: words(
    "Please write your answer",
    L.replyMin,
    L.replyMax,
    `Please write at least ${L.replyMin} characters`,
    `Please keep your answer to ${L.replyMax} characters or fewer`,
  ),
});
export type ReplyField = "ratingId" | "reply";

export function replyValues(source: FormData): Partial<Record<ReplyField, string>> {
  const out: Partial<Record<ReplyField, string>> = {};
  for (const field of ["ratingId", "reply"] as const) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 5000);
  }
  return out;
}

export { reviewReportReasons as ratingReportReasons };

export const ratingReportReasonLabels: Record<ReviewReportReason, string> = {
  fake: "It looks fake, or written by someone who did not deal with this dealer",
  offensive: "It is offensive or abusive",
  "off-topic": "It is not about this dealer",
  "personal-data": "It shows someone's personal details",
  other: "Something else",
};

export const ratingReportSchema = z.object({
  reason: z.enum(reviewReportReasons, { error: "Please choose a reason" }),
  details: z
    .string()
    .optional()
    .transform((v) => cleanText(v ?? ""))
    .pipe(z.string().max(L.reportDetailsMax, { error: `Please keep the details to ${L.reportDetailsMax} characters or fewer` })),
});
export type RatingReportInput = z.infer<typeof ratingReportSchema>;
export type RatingReportField = keyof RatingReportInput;

export function ratingReportValues(source: FormData): Partial<Record<RatingReportField, string>> {
  const out: Partial<Record<RatingReportField, string>> = {};
  for (const field of ["reason", "details"] as const) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 5000);
  }
  return out;
}
