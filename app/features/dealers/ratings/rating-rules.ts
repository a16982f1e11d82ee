import type { DealerRatingCriterion } from "../../../../db/schema/vocabulary";
import { dealerRatingCriteria } from "../../../../db/schema/vocabulary";

// Who may rate a dealer, and what its ratings add up to (issue 46, docs/dealers.md). A buyer rates a
// dealer they contacted through Voitura (a lead sent to it, a message from its page or about one of
// its ads) once the first contact is 7 days old: time to have been answered and to have seen the
// car. A dealer's own people never rate it. Pure, so the page, the action and the tests share it.

export { dealerRatingCriteria };
export type { DealerRatingCriterion };

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Days between a buyer's first contact with the dealer and their rating. */
export const RATING_WAIT_DAYS = 7;
const DAY_MS = 86_400_000;

export const ratingCriterionLabels: Record<DealerRatingCriterion, string> = {
  response: "Response",
  honesty: "Honesty",
  "as-described": "Car as described",
};

/** The question each criterion asks on the rating form. */
export const ratingCriterionQuestions: Record<DealerRatingCriterion, string> = {
  response: "How quickly and helpfully did the dealer answer you?",
  honesty: "How honest and clear was the dealer about the car, the price and the terms?",
  "as-described": "Was the car as the dealer described it?",
};

export type RatingEligibility =
  | { kind: "eligible" }
  | { kind: "member" }
  | { kind: "no-contact" }
  | { kind: "too-soon"; from: Date }
  | { kind: "rated" };

/**
 * Whether this buyer may rate the dealer now. `firstContactAt` is their earliest lead, message or ad
 * enquiry to it (null without any); a member of the dealer is refused first, then one rating each.
 */
export function ratingEligibility(input: { isMember: boolean; hasRated: boolean; firstContactAt: Date | null; now: Date }): RatingEligibility {
  if (input.isMember) return { kind: "member" };
  if (input.hasRated) return { kind: "rated" };
  if (!input.firstContactAt) return { kind: "no-contact" };
  const from = new Date(input.firstContactAt.getTime() + RATING_WAIT_DAYS * DAY_MS);
  if (from.getTime() > input.now.getTime()) return { kind: "too-soon", from };
  return { kind: "eligible" };
}

/** Why a buyer cannot rate (the rating page's message), or null when they can or already did. */
export function ineligibleMessage(eligibility: RatingEligibility, dealerName: string, formatDate: (d: Date) => string): string | null {
  switch (eligibility.kind) {
    case "member":
      return `You belong to ${dealerName} on Voitura: a dealer's own people cannot rate it.`;
    case "no-contact":
      return `You have not contacted ${dealerName} through Voitura yet. Ratings come from buyers who sent the dealer a message or a "find my vehicle" request here, ${RATING_WAIT_DAYS} days or more before rating.`;
    case "too-soon":
      return `You contacted ${dealerName} less than ${RATING_WAIT_DAYS} days ago. Give them time to answer: you can rate them from ${formatDate(eligibility.from)}.`;
    default:
      return null;
  }
}

export interface RatingScores {
  response: number;
  honesty: number;
  asDescribed: number;
}

/** One rating's overall score: the mean of its three criteria. */
export function overallOf(scores: RatingScores): number {
  return (scores.response + scores.honesty + scores.asDescribed) / 3;
}

/** A score as shown and as given to search engines: one decimal. */
export function roundRating(value: number): number {
  return Math.round(value * 10) / 10;
}

/** "4.3", "4.0". */
export function formatRating(value: number): string {
  return roundRating(value).toFixed(1);
}

export interface RatingSummary {
  count: number;
  /** Rounded to one decimal; null without ratings. */
  overall: number | null;
  criteria: { criterion: DealerRatingCriterion; label: string; average: number | null }[];
}

/** What the averages of the shown ratings come to; `sums` are the totals of each criterion. */
export function summariseRatings(count: number, sums: RatingScores): RatingSummary {
  const average = (sum: number) => (count > 0 ? roundRating(sum / count) : null);
  const byCriterion: Record<DealerRatingCriterion, number> = { response: sums.response, honesty: sums.honesty, "as-described": sums.asDescribed };
  return {
    count,
    overall: count > 0 ? roundRating(overallOf(sums) / count) : null,
    criteria: dealerRatingCriteria.map((criterion) => ({ criterion, label: ratingCriterionLabels[criterion], average: average(byCriterion[criterion]) })),
  };
}

/** "12 buyers' ratings", "1 buyer's rating". */
export function ratingCountLabel(count: number): string {
  return count === 1 ? "1 buyer's rating" : `${count} buyers' ratings`;
}

/** The AutoDealer's schema.org AggregateRating: only with at least one shown rating. */
export function dealerAggregateRating(summary: Pick<RatingSummary, "count" | "overall">): Record<string, unknown> | undefined {
  if (summary.count < 1 || summary.overall === null) return undefined;
  return { "@type": "AggregateRating", ratingValue: summary.overall, bestRating: RATING_MAX, worstRating: RATING_MIN, ratingCount: summary.count };
}

/** How a buyer is named under their rating: the first name and the initial of the last ("Thandi N."). */
export function buyerDisplayName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "A buyer";
  const first = parts[0]!.slice(0, 40);
  return parts.length > 1 ? `${first} ${parts.at(-1)!.charAt(0).toUpperCase()}.` : first;
}
