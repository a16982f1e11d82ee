// The prices comparable ads asked month by month, for the valuation's chart of monthly medians.
// An ad asked a price in a month when it was on sale at some time in it: published before the
// month ended and not sold or expired before it began. The price it asked that month is the one
// it showed as the month closed (or as it left the marketplace, if that was during the month):
// the last row of its price history at or before then, its first asked price when the history
// starts later, its current price when it has none. One price per ad and month, so an ad on sale
// for three months counts in each of them, as a buyer browsing then would have seen it. Pure.

export interface AskedAd {
  publishedAt: Date;
  /** When it was sold or expired; null while it is on sale. */
  endedAt: Date | null;
  /** The price it asks now (or asked last). */
  price: number;
  /** Its prices as they changed, oldest first (used_ad_prices). */
  history: readonly { price: number; at: Date }[];
}

function monthBounds(month: string): { start: number; end: number } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return { start: Date.UTC(y, m - 1, 1), end: Date.UTC(y, m, 1) };
}

/** The price an ad showed at `time` (epoch ms). */
function priceAt(ad: AskedAd, time: number): number {
  let price: number | undefined;
  for (const step of ad.history) {
    if (step.at.getTime() > time) break;
    price = step.price;
  }
  return price ?? ad.history[0]?.price ?? ad.price;
}

/** Each ad's asked price in each month (oldest first) it was on sale in. */
export function askedInMonths(ads: readonly AskedAd[], months: readonly string[]): { month: string; price: number }[] {
  const out: { month: string; price: number }[] = [];
  for (const month of months) {
    const { start, end } = monthBounds(month);
    for (const ad of ads) {
      const published = ad.publishedAt.getTime();
      const ended = ad.endedAt?.getTime() ?? Infinity;
      if (published >= end || ended < start) continue;
      // Just before the month's end, or the moment it left.
      out.push({ month, price: priceAt(ad, Math.min(end - 1, ended)) });
    }
  }
  return out;
}
