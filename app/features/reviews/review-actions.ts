import type { FieldErrors } from "~/ui/form";
import type { ReviewField, ReviewValues } from "./review-form-schema";
import type { ReportAnswer } from "~/ui/report-form";

// The answers of owner reviews' actions, shared by the actions and the forms that read them.

/** Set by the forms once scripts run: the answer then comes back as data, not as a redirect. */
export const SCRIPTED_FIELD = "scripted";
/** Where a vote without scripts goes back to (a path of the review's model page). */
export const BACK_FIELD = "back";

export type HelpfulVoteAnswer =
  | { ok: true; counted: boolean; helpfulCount: number }
  | { ok: false; formError: string };

export const VOTE_THANKS = "Thank you for your vote.";
export const VOTE_ALREADY = "You have already said this review was helpful.";
export const VOTE_OWN = "You cannot vote for your own review.";
export const VOTE_GONE = "This review is no longer shown.";
export const VOTE_SIGN_IN = "Sign in to say a review was helpful: one vote per account.";

/** "12 people found this helpful". */
export function helpfulLabel(count: number): string {
  if (count === 0) return "No votes yet";
  return `${count} ${count === 1 ? "person" : "people"} found this helpful`;
}

export type WriteReviewAnswer = { ok: false; formError?: string; fieldErrors?: FieldErrors<ReviewField>; values: ReviewValues };

export type ReportReviewAnswer = ReportAnswer;
