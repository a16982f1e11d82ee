import { priceRatingFromCode, priceRatingLabels, type PriceRating } from "../price-rating";

// One short class a rating (app/app.css), as the badge repeats on every card of a list. Written out
// in full, not built from the rating, so the stylesheet's build finds each name in the source.
const tone: Record<PriceRating, string> = {
  great: "rating-badge-great",
  good: "rating-badge-good",
  fair: "rating-badge-fair",
  high: "rating-badge-high",
};

/** "Great price" … "High price"; nothing when the ad has too few comparables. */
export function PriceRatingBadge({ code, className = "" }: { code: number; className?: string }) {
  const rating = priceRatingFromCode(code);
  if (!rating) return null;
  return (
    <span className={className ? `${tone[rating]} ${className}` : tone[rating]}>
      {priceRatingLabels[rating]}
    </span>
  );
}
