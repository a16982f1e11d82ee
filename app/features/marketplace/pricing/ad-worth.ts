import { formatRand, groupDigits } from "~/lib/format";

// My ads' line for a live ad: what the valuation engine says the car is worth now (the
// good-or-fair range of its comparables, the ad itself left out) against the ad's price. Pure.

export interface AdWorthFigures {
  low: number;
  high: number;
  comparables: number;
}

/** "Worth R 180 000 – R 196 000 on Voitura now (12 similar ads); your price is R 5 000 above." */
export function adWorthLine(price: number, worth: AdWorthFigures | undefined): string | null {
  if (!worth) return null;
  const where =
    price > worth.high ? `your price is ${formatRand(price - worth.high)} above` : price < worth.low ? `your price is ${formatRand(worth.low - price)} below` : "your price is within it";
  return `Worth ${formatRand(worth.low)} – ${formatRand(worth.high)} on Voitura now (${groupDigits(worth.comparables)} similar ads); ${where}.`;
}
