import { formatRand } from "~/lib/format";

export type FavouriteIntent = "add" | "remove";

/** "R 10 000 less than when you saved it" (or more); empty when the price has not moved. */
export function priceChangeSentence(change: number): string {
  if (change === 0) return "";
  return `${formatRand(Math.abs(change))} ${change < 0 ? "less" : "more"} than when you saved it`;
}
