import { type ReviewCriterion, reviewCriteria } from "../../../db/schema/vocabulary";

// Owner reviews' scores: the overall score and seven criteria, each 0-10. The pure rules of what a
// model's reviews add up to (averages to one decimal, the distribution of overall scores in
// bands, the share who recommend) and of the AggregateRating a search engine may show.

export { reviewCriteria };
export type { ReviewCriterion };

export const SCORE_MIN = 0;
export const SCORE_MAX = 10;

/** Google shows review stars from this many reviews; below it a model's page claims no rating. */
const AGGREGATE_RATING_MIN_REVIEWS = 3;
/** A model enters the best-rated lists from as many visible reviews. */
export const BEST_RATED_MIN_REVIEWS = AGGREGATE_RATING_MIN_REVIEWS;

export const criterionLabels: Record<ReviewCriterion, string> = {
  comfort: "Comfort",
  performance: "Performance",
  "fuel-economy": "Fuel economy",
  reliability: "Reliability",
  practicality: "Practicality",
  "value-for-money": "Value for money",
  "after-sales": "After-sales service",
};

/** One review's scores, the criteria under their vocabulary names. */
export type ReviewScores = { overall: number } & Record<ReviewCriterion, number>;

/** The distribution's bands of the overall score, best first. */
const scoreBands = [
  { key: "excellent", label: "Excellent", min: 9, max: 10 },
  { key: "good", label: "Good", min: 7, max: 8 },
  { key: "average", label: "Average", min: 5, max: 6 },
  { key: "poor", label: "Poor", min: 3, max: 4 },
  { key: "very-poor", label: "Very poor", min: 0, max: 2 },
] as const;
type ScoreBand = (typeof scoreBands)[number]["key"];

export function bandOf(score: number): ScoreBand {
  const band = scoreBands.find((b) => score >= b.min && score <= b.max);
  return band ? band.key : score > SCORE_MAX ? "excellent" : "very-poor";
}

/** A score to one decimal, halves up (7.25 → 7.3), without the float drift of 7.25 * 10. */
export function roundScore(value: number): number {
  return Math.round(Number((value * 10).toFixed(6))) / 10;
}

/** "7.8" or "8.0": a score as the pages print it. */
export function formatScore(value: number): string {
  return value.toFixed(1);
}

export interface ReviewSummary {
  count: number;
  /** Averages to one decimal; null without any review. */
  overall: number | null;
  criteria: { criterion: ReviewCriterion; label: string; average: number | null }[];
  distribution: { band: ScoreBand; label: string; range: string; count: number; percent: number }[];
  /** Whole percent of owners who would recommend the model; null without any review. */
  recommendPercent: number | null;
}

/** What a model's visible reviews add up to. */
export function summariseReviews(reviews: readonly (ReviewScores & { recommends: boolean })[]): ReviewSummary {
  const count = reviews.length;
  const average = (pick: (r: ReviewScores) => number) => (count === 0 ? null : roundScore(reviews.reduce((sum, r) => sum + pick(r), 0) / count));
  const bands = new Map<ScoreBand, number>();
  for (const r of reviews) bands.set(bandOf(r.overall), (bands.get(bandOf(r.overall)) ?? 0) + 1);
  const recommends = reviews.filter((r) => r.recommends).length;
  return {
    count,
    overall: average((r) => r.overall),
    criteria: reviewCriteria.map((criterion) => ({ criterion, label: criterionLabels[criterion], average: average((r) => r[criterion]) })),
    distribution: scoreBands.map((b) => {
      const n = bands.get(b.key) ?? 0;
      return { band: b.key, label: b.label, range: `${b.min}–${b.max}`, count: n, percent: count === 0 ? 0 : Math.round((n / count) * 100) };
    }),
    recommendPercent: count === 0 ? null : Math.round((recommends / count) * 100),
  };
}

interface AggregateRating {
  "@type": "AggregateRating";
  ratingValue: number;
  bestRating: number;
  worstRating: number;
  ratingCount: number;
  reviewCount: number;
}

/**
 * The Product's schema.org AggregateRating, only from AGGREGATE_RATING_MIN_REVIEWS visible
 * reviews: fewer would be a rating from one or two people, which Google does not show either.
 */
export function aggregateRating(summary: Pick<ReviewSummary, "count" | "overall">): AggregateRating | undefined {
  if (summary.count < AGGREGATE_RATING_MIN_REVIEWS || summary.overall === null) return undefined;
  return {
    "@type": "AggregateRating",
    ratingValue: summary.overall,
    bestRating: SCORE_MAX,
    worstRating: SCORE_MIN,
    ratingCount: summary.count,
    reviewCount: summary.count,
  };
}

/** "12 owner reviews", "1 owner review". */
export function reviewCountLabel(count: number): string {
  return `${count} owner ${count === 1 ? "review" : "reviews"}`;
}

/** "Owned for 2 years and 3 months", "8 months". */
export function formatOwnedFor(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts: string[] = [];
  if (years > 0) parts.push(`${years} ${years === 1 ? "year" : "years"}`);
  if (rest > 0 || years === 0) parts.push(`${rest} ${rest === 1 ? "month" : "months"}`);
  return parts.join(" and ");
}
