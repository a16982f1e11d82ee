import type { DepreciationCurve } from "./cost-of-ownership";

// How a model really loses value, read from Voitura's own used-car ads: the median asking price of
// the model's ads at each age, against the model's new price, fitted to the same curve the stated
// estimates use (a first year's share, then a share of what is left each year), so the cost of
// ownership adds it up the same way. An age counts only with enough ads (the price rating's
// minimum, passed in), and the curve needs two such ages; otherwise there is no curve and the body
// type's stated estimate is used (and said).

export interface AskedPrice {
  /** The car's age in whole years (this year's model: 0). */
  ageYears: number;
  price: number;
}

export interface AgeMedian {
  ageYears: number;
  median: number;
  ads: number;
}

export interface CurveFromAds {
  curve: DepreciationCurve;
  /** The ages the curve rests on, youngest first. */
  ages: AgeMedian[];
  /** The ads those ages hold. */
  ads: number;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median asking price at each age from 1 year with at least `minAds` ads, youngest first. */
export function mediansByAge(asked: readonly AskedPrice[], minAds: number): AgeMedian[] {
  const byAge = new Map<number, number[]>();
  for (const { ageYears, price } of asked) {
    if (ageYears < 1 || price <= 0) continue;
    const list = byAge.get(ageYears);
    if (list) list.push(price);
    else byAge.set(ageYears, [price]);
  }
  return [...byAge]
    .filter(([, prices]) => prices.length >= minAds)
    .map(([ageYears, prices]) => ({ ageYears, median: median(prices), ads: prices.length }))
    .sort((a, b) => a.ageYears - b.ageYears);
}

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

/**
 * The curve through the medians: the share of the new price kept at age a is
 * (1 − first) × (1 − later)^(a − 1), so its logarithm is a straight line in a − 1, fitted by least
 * squares. Shares are bounded (first year 0–60 %, later years 0–40 %) so a few odd ads cannot
 * make a car gain value or lose it all.
 */
export function curveFromMedians(newPrice: number, medians: readonly AgeMedian[], minAds: number): CurveFromAds | null {
  const ages = medians.filter((a) => a.ageYears >= 1 && a.ads >= minAds && a.median > 0).sort((a, b) => a.ageYears - b.ageYears);
  if (newPrice <= 0 || ages.length < 2) return null;
  const xs = ages.map((a) => a.ageYears - 1);
  const ys = ages.map((a) => Math.log(clamp(a.median / newPrice, 0.01, 1)));
  const n = xs.length;
  const meanX = xs.reduce((s, x) => s + x, 0) / n;
  const meanY = ys.reduce((s, y) => s + y, 0) / n;
  const slope = xs.reduce((s, x, i) => s + (x - meanX) * (ys[i]! - meanY), 0) / xs.reduce((s, x) => s + (x - meanX) ** 2, 0);
  const intercept = meanY - slope * meanX;
  const round = (share: number) => Math.round(share * 1000) / 1000;
  return {
    curve: { firstYearShare: round(clamp(1 - Math.exp(intercept), 0, 0.6)), laterYearShare: round(clamp(1 - Math.exp(slope), 0, 0.4)) },
    ages,
    ads: ages.reduce((s, a) => s + a.ads, 0),
  };
}

/** The curve from the asking prices themselves (the medians taken here). */
export function curveFromAskingPrices(newPrice: number, asked: readonly AskedPrice[], minAds: number): CurveFromAds | null {
  return curveFromMedians(newPrice, mediansByAge(asked, minAds), minAds);
}
