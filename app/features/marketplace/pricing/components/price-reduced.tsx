import { ArrowDown } from "lucide-react";
import { formatPrice, formatRand } from "~/lib/format";
import { reducedFrom } from "../price-reduction";

/**
 * "Price reduced" with the old price struck through, when the seller lowered the price
 * (previous_price_zar above the price). Screen readers hear one sentence: "Price reduced from R 189 900".
 */
export function PriceReduced({ priceZar, previousPriceZar, className = "" }: { priceZar: number; previousPriceZar: number | null; className?: string }) {
  const from = reducedFrom(priceZar, previousPriceZar);
  if (from === null) return null;
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-xs ${className}`} data-testid="price-reduced">
      <span className="sr-only">Price reduced from {formatRand(from)}</span>
      <span aria-hidden="true" className="inline-flex items-center gap-1 rounded-full bg-rose-100 px-2 py-0.5 font-semibold text-rose-900 dark:bg-rose-900/60 dark:text-rose-100">
        <ArrowDown className="size-3.5" strokeWidth={2} />
        Price reduced
      </span>
      <s aria-hidden="true" className="tabular whitespace-nowrap text-slate-600 dark:text-slate-400">
        {formatPrice(from, { withCurrency: true })}
      </s>
    </p>
  );
}
