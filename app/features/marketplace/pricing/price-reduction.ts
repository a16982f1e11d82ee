// "Price reduced" (cards, the ad page, My ads): the seller's edit keeps the price before a
// reduction in previous_price_zar and clears it when the price rises again.

/** The old price to show struck through, or null when there is no reduction to show. */
export function reducedFrom(priceZar: number, previousPriceZar: number | null | undefined): number | null {
  return previousPriceZar != null && previousPriceZar > priceZar ? previousPriceZar : null;
}
