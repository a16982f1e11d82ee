import { priceRatingFromCode, priceRatingLabels, type PriceRating } from "../price-rating";

const tone: Record<PriceRating, string> = {
  great: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  good: "bg-lime-100 text-lime-900 dark:bg-lime-900/60 dark:text-lime-100",
  fair: "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100",
  high: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
};

/** "Great price" … "High price"; nothing when the ad has too few comparables. */
export function PriceRatingBadge({ code, className = "" }: { code: number; className?: string }) {
  const rating = priceRatingFromCode(code);
  if (!rating) return null;
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${tone[rating]} ${className}`}>
      {priceRatingLabels[rating]}
    </span>
  );
}
