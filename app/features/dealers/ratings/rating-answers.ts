import type { FieldErrors } from "~/ui/form";
import type { ReportAnswer } from "~/ui/report-form";
import type { RatingField, RatingValues, ReplyField } from "./rating-schemas";

// The answers of buyers' ratings' actions, shared by the actions and the forms that read them.

export type RateDealerAnswer = { ok: false; formError?: string; fieldErrors?: FieldErrors<RatingField>; values: RatingValues };

/** A report's answer has the same shape for ratings as for owner reviews (one form draws both). */
export type ReportRatingAnswer = ReportAnswer;

export type ReplyAnswer =
  | { ok: true; ratingId: number; message: string }
  | { ok: false; ratingId: number | null; formError?: string; fieldErrors?: FieldErrors<ReplyField>; values: Partial<Record<ReplyField, string>> };

export const RATING_REPORT_THANKS = "Thank you: we have your report, and a person on our team will look at this rating.";
export const RATING_ALREADY_REPORTED = "You have already reported this rating. Thank you: we are looking at it.";
export const REPLY_SAVED = "Your answer is published under the rating on your dealer page.";
export const REPLY_ALREADY = "This rating already has your answer: a dealer answers each rating once.";
