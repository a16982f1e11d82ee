import { formatRand, groupDigits } from "~/lib/format";

// The price rating of a used ad against comparable ads: the same model, a year either side and a
// similar mileage. Under MIN_COMPARABLES there is no rating. The ratings are computed here, in one
// place, by the refresh of marketplace ratings (price-ratings.server.ts) and kept on the ad, so a
// card, the ad page and the "best price rating" sort all read the same answer.

export const MIN_COMPARABLES = 5;

const priceRatings = ["great", "good", "fair", "high"] as const;
export type PriceRating = (typeof priceRatings)[number];

export const priceRatingLabels: Record<PriceRating, string> = {
  great: "Great price",
  good: "Good price",
  fair: "Fair price",
  high: "High price",
};

/** Stored as a small number so "best price rating" sorts ascending (0 = no rating, last). */
export const priceRatingCodes: Record<PriceRating, number> = { great: 1, good: 2, fair: 3, high: 4 };
export const priceRatingFromCode = (code: number | null | undefined): PriceRating | undefined =>
  priceRatings[(code ?? 0) - 1];

/** Comparable mileage: within max(20 000 km, 35 %) of the ad's, widened to whole 10 000 km. */
export function mileageBand(mileageKm: number): { min: number; max: number } {
  const spread = Math.max(20_000, mileageKm * 0.35);
  return {
    min: Math.max(0, Math.floor((mileageKm - spread) / 10_000) * 10_000),
    max: Math.ceil((mileageKm + spread) / 10_000) * 10_000,
  };
}

/**
 * The median, by selection rather than sorting: the ratings refresh takes one for every live ad,
 * over thousands of comparables for a popular model at a million ads.
 */
export function median(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const a = Float64Array.from(values);
  const mid = n >> 1;
  const upper = select(a, mid);
  if (n % 2) return upper;
  // The lower middle is the largest value left of `mid` once `mid` is in place.
  let lower = -Infinity;
  for (let i = 0; i < mid; i++) if (a[i]! > lower) lower = a[i]!;
  return (lower + upper) / 2;
}

/** Hoare's quickselect: puts the k-th smallest at a[k] (smaller ones left of it) and returns it. */
function select(a: Float64Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (right > left) {
    // Median of three as the pivot keeps sorted and reversed inputs linear.
    const m = (left + right) >> 1;
    const pivot = Math.max(Math.min(a[left]!, a[m]!), Math.min(Math.max(a[left]!, a[m]!), a[right]!));
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k]!;
}

/** The highest price-to-median ratio of each rating below "high" (the posting form shows the bands). */
export const PRICE_RATING_CEILINGS = { great: 0.92, good: 0.97, fair: 1.05 } as const;

/** Great at 8 % or more under the median, good from 3 % under, fair up to 5 % over, then high. */
export function ratePrice(price: number, medianPrice: number): PriceRating {
  const ratio = price / medianPrice;
  if (ratio <= PRICE_RATING_CEILINGS.great) return "great";
  if (ratio <= PRICE_RATING_CEILINGS.good) return "good";
  if (ratio <= PRICE_RATING_CEILINGS.fair) return "fair";
  return "high";
}

interface PriceRatingResult {
  rating: PriceRating;
  median: number;
  comparables: number;
}

/** The rating of `price` among the comparables' prices (the ad itself excluded), or none. */
export function priceRatingOf(price: number, comparablePrices: readonly number[]): PriceRatingResult | undefined {
  if (comparablePrices.length < MIN_COMPARABLES) return undefined;
  const mid = Math.round(median(comparablePrices));
  return { rating: ratePrice(price, mid), median: mid, comparables: comparablePrices.length };
}

/** How far under the comparables' median (in per cent) a price must be for the buyer's warning and the moderators' flag. */
const LOW_PRICE_PERCENT = 30;

/**
 * The rand a price lies under the median of its comparables when that is LOW_PRICE_PERCENT of the
 * median or more, else null (also without a rating: under MIN_COMPARABLES or no median). Such a
 * price is the classic bait of a deposit scam, so the ad page warns the buyer and the moderation
 * queue flags the ad. Compared in whole numbers (gap × 100 against median × 30): exactly 30 % counts.
 */
export function lowPriceGap(input: { price: number; median: number | null; comparables: number | null }): number | null {
  const { price, median: mid, comparables } = input;
  if (mid === null || mid <= 0 || (comparables ?? 0) < MIN_COMPARABLES) return null;
  const gap = Math.round(mid) - Math.round(price);
  return gap * 100 >= Math.round(mid) * LOW_PRICE_PERCENT ? gap : null;
}

const km = (n: number) => groupDigits(n);

/**
 * The rating's reason in one sentence: "R 18 000 below the median of 23 similar 2019-2021 Polo
 * Vivo ads with 40 000-80 000 km".
 */
export function priceRatingReason(input: {
  price: number;
  median: number;
  comparables: number;
  year: number;
  mileageKm: number;
  modelName: string;
}): string {
  const gap = Math.round(input.price - input.median);
  const { min, max } = mileageBand(input.mileageKm);
  const where =
    gap === 0 ? "Exactly the median" : `${formatRand(Math.abs(gap))} ${gap < 0 ? "below" : "above"} the median`;
  return `${where} of ${input.comparables} similar ${input.year - 1}-${input.year + 1} ${input.modelName} ads with ${km(min)}-${km(max)} km`;
}
