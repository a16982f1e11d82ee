import { median, MIN_COMPARABLES, PRICE_RATING_CEILINGS } from "./price-rating";

// "What is my car worth?" (issue 47) from the marketplace's comparable ads, by the price rating's
// own rules: the same comparables (model, a year either side, a similar mileage), no answer under
// MIN_COMPARABLES, and as the range the asking prices a buyer would see rated "good" or "fair"
// (from the "great" ceiling to the "fair" one around the median). Never a made-up figure.

export type Valuation =
  | { kind: "few"; comparables: number }
  | {
      kind: "valued";
      comparables: number;
      median: number;
      /** The range of a good or fair asking price, rounded to R 1 000. */
      low: number;
      high: number;
      /** How the comparables' own prices spread: the middle half of them, and the extremes. */
      lowerQuartile: number;
      upperQuartile: number;
      cheapest: number;
      dearest: number;
    };

const thousand = (n: number) => Math.round(n / 1_000) * 1_000;

/** The value at a quantile of sorted prices, interpolated between neighbours (as spreadsheets do). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

export function valueFromComparables(prices: readonly number[]): Valuation {
  if (prices.length < MIN_COMPARABLES) return { kind: "few", comparables: prices.length };
  const sorted = [...prices].sort((a, b) => a - b);
  const mid = median(sorted);
  return {
    kind: "valued",
    comparables: sorted.length,
    median: thousand(mid),
    low: thousand(mid * PRICE_RATING_CEILINGS.great),
    high: thousand(mid * PRICE_RATING_CEILINGS.fair),
    lowerQuartile: thousand(quantile(sorted, 0.25)),
    upperQuartile: thousand(quantile(sorted, 0.75)),
    cheapest: sorted[0]!,
    dearest: sorted[sorted.length - 1]!,
  };
}

export interface MonthlyMedian {
  /** "YYYY-MM" */
  month: string;
  /** null when fewer than MIN_COMPARABLES ads asked a price that month. */
  median: number | null;
  ads: number;
}

/** The median asking price of each month named (oldest first), from the prices ads asked in it. */
export function monthlyMedians(asked: readonly { month: string; price: number }[], months: readonly string[]): MonthlyMedian[] {
  const byMonth = new Map<string, number[]>();
  for (const { month, price } of asked) {
    const list = byMonth.get(month);
    if (list) list.push(price);
    else byMonth.set(month, [price]);
  }
  return months.map((month) => {
    const prices = byMonth.get(month) ?? [];
    return { month, ads: prices.length, median: prices.length >= MIN_COMPARABLES ? thousand(median(prices)) : null };
  });
}

/** The twelve months up to and including the given one, oldest first ("YYYY-MM"). */
export function lastTwelveMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return months;
}
