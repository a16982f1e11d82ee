import { cleanLine, cleanText } from "~/features/contact/schemas";
import { amountDigits } from "~/lib/amounts";
import { z } from "~/lib/zod";
import { criterionLabels, reviewCriteria, SCORE_MAX, SCORE_MIN, type ReviewCriterion } from "./review-scores";
import { groupDigits } from "~/lib/format";

// The "write a review" form: one schema for the browser (messages under the fields as the owner
// types) and the server (the authority). The year bought depends on the model and the version on
// its versions, so the schema is made for one model. Text is trimmed, kept as typed otherwise,
// and escaped wherever it is shown.

export const REVIEW_LIMITS = {
  titleMin: 5,
  titleMax: 100,
  textMin: 20,
  textMax: 2000,
  kilometresMax: 1_000_000,
  ownedMonthsMin: 1,
  ownedMonthsMax: 600,
  /** Owners may have bought a car a little before the catalogue's launch date (imports, early stock). */
  yearsBeforeLaunch: 1,
} as const;

const scoreFields = ["overall", ...reviewCriteria] as const;
type ScoreField = (typeof scoreFields)[number];

const reviewFields = [...scoreFields, "title", "likes", "dislikes", "yearBought", "kilometres", "ownedMonths", "recommends", "versionId"] as const;
export type ReviewField = (typeof reviewFields)[number];

export interface ReviewFormContext {
  /** The model's launch year (catalogue launch date). */
  launchYear: number;
  currentYear: number;
  /** The model's versions an owner may name. */
  versionIds: readonly number[];
}

/** The years an owner of this model may have bought it in, oldest first. */
export function yearBoughtRange(ctx: Pick<ReviewFormContext, "launchYear" | "currentYear">): { min: number; max: number } {
  const max = ctx.currentYear;
  return { min: Math.min(ctx.launchYear - REVIEW_LIMITS.yearsBeforeLaunch, max), max };
}

const scoreMessage = (field: ScoreField) =>
  field === "overall"
    ? `Please give an overall score from ${SCORE_MIN} to ${SCORE_MAX}`
    : `Please score ${criterionLabels[field as ReviewCriterion].toLowerCase()} from ${SCORE_MIN} to ${SCORE_MAX}`;

function score(field: ScoreField) {
  const message = scoreMessage(field);
  return z
    .string({ error: message })
    .transform((v) => v.trim())
    .pipe(z.string().regex(/^\d{1,2}$/, { error: message }))
    .transform(Number)
    .pipe(z.number().int().min(SCORE_MIN, { error: message }).max(SCORE_MAX, { error: message }));
}

function wholeNumber(required: string, min: number, max: number, outOfRange: string) {
  return z
    .string({ error: required })
    .transform(amountDigits)
    .pipe(z.string().min(1, { error: required }).regex(/^\d{1,9}$/, { error: `${required} (digits only)` }))
    .transform(Number)
    .pipe(z.number().int().min(min, { error: outOfRange }).max(max, { error: outOfRange }));
}

function text(clean: (v: string) => string, min: number, max: number, required: string, tooShort: string, tooLong: string) {
  return z
    .string({ error: required })
    .transform(clean)
    .pipe(z.string().min(1, { error: required }).min(min, { error: tooShort }).max(max, { error: tooLong }));
}

const L = REVIEW_LIMITS;
/** "1 000 000", as the site writes figures. */
const thousands = (n: number) => groupDigits(n);

export function reviewFormSchema(ctx: ReviewFormContext) {
  const years = yearBoughtRange(ctx);
  const scores = Object.fromEntries(scoreFields.map((field) => [field, score(field)])) as Record<ScoreField, ReturnType<typeof score>>;
  return z.object({
    ...scores,
    title: text(
      cleanLine,
      L.titleMin,
      L.titleMax,
      "Please give your review a title",
      `The title must be at least ${L.titleMin} characters`,
      `The title must be ${L.titleMax} characters or fewer`,
    ),
    likes: text(
      cleanText,
      L.textMin,
      L.textMax,
      "Please tell other drivers what you like about it",
      `Please write at least ${L.textMin} characters about what you like`,
      `Please keep what you like to ${thousands(L.textMax)} characters or fewer`,
    ),
    dislikes: text(
      cleanText,
      L.textMin,
      L.textMax,
      "Please tell other drivers what you dislike about it",
      `Please write at least ${L.textMin} characters about what you dislike`,
      `Please keep what you dislike to ${thousands(L.textMax)} characters or fewer`,
    ),
    yearBought: wholeNumber("Please enter the year you bought it", years.min, years.max, `The year must be between ${years.min} and ${years.max}`),
    kilometres: wholeNumber(
      "Please enter the kilometres you have driven it",
      0,
      L.kilometresMax,
      `The kilometres must be between 0 and ${thousands(L.kilometresMax)}`,
    ),
    ownedMonths: wholeNumber(
      "Please enter how many months you have owned it",
      L.ownedMonthsMin,
      L.ownedMonthsMax,
      `The months owned must be between ${L.ownedMonthsMin} and ${L.ownedMonthsMax}`,
    ),
    recommends: z.enum(["yes", "no"], { error: "Please say whether you would recommend it" }).transform((v) => v === "yes"),
    versionId: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .transform((v, zctx) => {
        if (v === "") return null;
        const id = /^\d{1,9}$/.test(v) ? Number(v) : NaN;
        if (!ctx.versionIds.includes(id)) {
          zctx.addIssue({ code: "custom", message: "Please choose a version from the list, or leave it empty" });
          return z.NEVER;
        }
        return id;
      }),
  });
}

export type ReviewInput = z.output<ReturnType<typeof reviewFormSchema>>;
export type ReviewValues = Partial<Record<ReviewField, string>>;

/** The form's fields as typed (cut to a sane length), for the schema and for refilling the form. */
export function reviewValues(source: FormData): ReviewValues {
  const out: ReviewValues = {};
  for (const field of reviewFields) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, L.textMax * 2);
  }
  return out;
}

/** A stored review as the form's values (editing starts from what the owner wrote). */
export function storedReviewValues(review: ReviewInput): ReviewValues {
  const out: ReviewValues = {};
  for (const field of scoreFields) out[field] = String(review[field]);
  return {
    ...out,
    title: review.title,
    likes: review.likes,
    dislikes: review.dislikes,
    yearBought: String(review.yearBought),
    kilometres: String(review.kilometres),
    ownedMonths: String(review.ownedMonths),
    recommends: review.recommends ? "yes" : "no",
    versionId: review.versionId === null ? "" : String(review.versionId),
  };
}
