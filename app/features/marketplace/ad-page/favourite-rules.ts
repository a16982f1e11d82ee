import { formatRand } from "~/lib/format";

export type FavouriteIntent = "add" | "remove";

/** "R 10 000 less than when you saved it" (or more); empty when the price has not moved. */
export function priceChangeSentence(change: number): string {
  if (change === 0) return "";
  return `${formatRand(Math.abs(change))} ${change < 0 ? "less" : "more"} than when you saved it`;
}

/** The price-drop mails' unsubscribe page (a signed token, no sign-in; POST switches them off). */
export const PRICE_DROP_UNSUBSCRIBE_PATH = "/alertes/baisses-de-prix/desabonnement";
/** Drops one mail lists; more are counted and linked to the favourites page. */
export const PRICE_DROP_MAIL_LISTED = 10;

/** "Price drop on a car you saved" or "Price drops on 3 cars you saved". */
export function priceDropMailSubject(count: number): string {
  return count === 1 ? "Price drop on a car you saved" : `Price drops on ${count} cars you saved`;
}
