import { amountDigits } from "~/lib/amounts";
import { MIN_COMPARABLES, PRICE_RATING_CEILINGS, type PriceRating, priceRatingLabels, ratePrice } from "./price-rating";
import { formatRand } from "~/lib/format";

// The price rating a seller's ad would get, shown on the price step and the preview before it is
// published: the same rules as the stored ratings (price-rating.ts), against the median of the
// comparable published ads the server found. Pure, so the browser follows each keystroke.

export type PriceOutlook =
  /** The car or its mileage is not filled in yet: no comparables to look for. */
  | { kind: "unknown" }
  | { kind: "few"; comparables: number }
  | { kind: "rated"; median: number; comparables: number };

interface PriceOutlookView {
  rating?: PriceRating;
  /** What the seller reads, one sentence. */
  sentence: string;
  /** The price bands of each rating, when there is a median. */
  bands?: { rating: PriceRating; upTo: number | null }[];
}

const ads = (n: number) => `${n} comparable ${n === 1 ? "ad" : "ads"}`;

export function priceOutlookView(outlook: PriceOutlook, price: number | undefined): PriceOutlookView {
  if (outlook.kind === "unknown") return { sentence: "Fill in the car and its mileage to see how your price compares with similar ads." };
  if (outlook.kind === "few") {
    return {
      sentence: `No price rating yet: ${outlook.comparables === 0 ? "no comparable ads" : `only ${ads(outlook.comparables)}`} for sale (it takes ${MIN_COMPARABLES}). Your ad will be rated once there are more.`,
    };
  }
  const { median, comparables } = outlook;
  const bands = [
    { rating: "great" as const, upTo: Math.floor(median * PRICE_RATING_CEILINGS.great) },
    { rating: "good" as const, upTo: Math.floor(median * PRICE_RATING_CEILINGS.good) },
    { rating: "fair" as const, upTo: Math.floor(median * PRICE_RATING_CEILINGS.fair) },
    { rating: "high" as const, upTo: null },
  ];
  if (price === undefined || !Number.isFinite(price) || price <= 0) {
    return { sentence: `The ${ads(comparables)}' median price is ${formatRand(median)}.`, bands };
  }
  const rating = ratePrice(price, median);
  const gap = Math.round(price - median);
  const where = gap === 0 ? "exactly the median" : `${formatRand(Math.abs(gap))} ${gap < 0 ? "below" : "above"} the median`;
  return { rating, sentence: `${priceRatingLabels[rating]}: ${where} of the ${ads(comparables)} (${formatRand(median)}).`, bands };
}

/** A typed price as a number ("R 159 000" → 159000), or undefined. */
export function typedPrice(value: string): number | undefined {
  const digits = amountDigits(value);
  return /^\d{1,9}$/.test(digits) ? Number(digits) : undefined;
}
