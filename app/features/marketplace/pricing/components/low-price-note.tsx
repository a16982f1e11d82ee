import { TriangleAlert } from "lucide-react";
import { lowPriceGap } from "../price-rating";
import { formatRand } from "~/lib/format";

/**
 * "R 84 000 below similar ads: never pay a deposit …" beside a price far under its comparables'
 * median (lowPriceGap); nothing otherwise. A note rather than an alert: it is there on arrival,
 * not news. The caution box's amber, as the safety tips beside the ad (readable in both modes).
 */
export function LowPriceNote({
  priceZar,
  median,
  comparables,
  className = "",
}: {
  priceZar: number;
  median: number | null;
  comparables: number | null;
  className?: string;
}) {
  const gap = lowPriceGap({ price: priceZar, median, comparables });
  if (gap === null) return null;
  return (
    <p
      role="note"
      className={`flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2.5 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
      data-testid="low-price-note"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
      <span>
        <span className="tabular font-semibold">{formatRand(gap)}</span> below similar ads: never pay a deposit before you have seen the car and its papers.
      </span>
    </p>
  );
}
