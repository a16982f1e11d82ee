// How a used car's price follows its new price: the demo data and market:generate ask prices by
// these rules, and the tests hold them to what South African buyers see (a three-year-old car at
// about two thirds of today's new price, a ten-year-old one at about a third).

/** Kilometres a South African car covers in a typical year. */
const TYPICAL_KM_PER_YEAR = 18_000;

/** Share of today's new price kept by a car `age` whole years old (0 = this year's). */
export function ageRetention(age: number): number {
  const years = Math.max(0, age);
  // Most of the first drop happens when the car leaves the showroom; then ~8.5 % a year.
  return Math.max(0.12, 0.86 * 0.915 ** years);
}

/** The mileage a car of that age would typically show. */
export function typicalMileage(age: number): number {
  return Math.max(5_000, Math.round((Math.max(0, age) + 0.5) * TYPICAL_KM_PER_YEAR));
}

/** 1.2 % of value per 10 000 km above (or below) the typical mileage, bounded. */
export function mileageFactor(age: number, mileageKm: number): number {
  const deviation = (mileageKm - typicalMileage(age)) / 10_000;
  return Math.min(1.1, Math.max(0.7, 1 - 0.012 * deviation));
}

/**
 * The fair asking price in rands for a car whose version costs `newPrice` today, `age` years old
 * with `mileageKm` on the clock: no jitter, no rounding to a seller's price.
 */
export function fairUsedPrice(newPrice: number, age: number, mileageKm: number): number {
  return newPrice * ageRetention(age) * mileageFactor(age, mileageKm);
}

/**
 * The price a seller would put on the ad: dealers end on 900 ("R 189 900"), private sellers round
 * to the nearest R 5 000 above R 100 000 and R 1 000 below.
 */
export function askingPrice(value: number, seller: "private" | "dealer"): number {
  if (seller === "dealer") return Math.max(9_900, Math.round(value / 1_000) * 1_000 - 100);
  const step = value >= 100_000 ? 5_000 : 1_000;
  return Math.max(step, Math.round(value / step) * step);
}
