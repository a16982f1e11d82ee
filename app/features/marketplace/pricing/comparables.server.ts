import { and, asc, between, eq, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { usedAdPrices, usedAds } from "../../../../db/schema";
import { mileageBand } from "./price-rating";
import { type AskedAd, askedInMonths } from "./asked-prices";

// The comparables of a car by the price rating's rules (price-rating.ts): the same model (the
// catalogue's model, else the same make and model names), a year either side and a similar
// mileage. The posting form's outlook, publishing, the valuation page and My ads all read them
// here; the stored ratings' refresh (price-ratings.server.ts) applies the same rules in memory.

export interface ComparableCar {
  modelId: number | null;
  makeName: string;
  modelName: string;
  year: number;
  mileageKm: number;
}

function comparableWhere(car: ComparableCar) {
  const band = mileageBand(car.mileageKm);
  const sameModel =
    car.modelId !== null
      ? eq(usedAds.modelId, car.modelId)
      : and(isNull(usedAds.modelId), sql`lower(${usedAds.makeName}) = ${car.makeName.toLowerCase()}`, sql`lower(${usedAds.modelName}) = ${car.modelName.toLowerCase()}`);
  return and(sameModel, between(usedAds.year, car.year - 1, car.year + 1), between(usedAds.mileageKm, band.min, band.max));
}

/** The asking prices of the published ads a car is rated against (another ad's own id left out). */
export async function comparablePrices(executor: Executor, car: ComparableCar, exceptAdId?: number): Promise<number[]> {
  const rows = await executor
    .select({ price: usedAds.priceZar })
    .from(usedAds)
    .where(and(eq(usedAds.status, "published"), comparableWhere(car), exceptAdId === undefined ? undefined : ne(usedAds.id, exceptAdId)));
  return rows.map((r) => r.price);
}

const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);
const nextMonthStart = (month: string) => {
  const d = monthStart(month);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};

/**
 * The prices comparable ads asked in each of `months` (oldest first), one per ad and month, for
 * monthlyMedians (valuation.ts). Read from the ads that were on sale in the months, live, sold or
 * expired (asked-prices.ts says how), with their price history; ads a moderator removed, drafts
 * and paused ads (whose pause has no date) are left out.
 */
export async function comparableAskedPrices(executor: Executor, car: ComparableCar, months: readonly string[]): Promise<{ month: string; price: number }[]> {
  if (months.length === 0) return [];
  const from = monthStart(months[0]!);
  const to = nextMonthStart(months[months.length - 1]!);
  const ads = await executor
    .select({ id: usedAds.id, status: usedAds.status, price: usedAds.priceZar, publishedAt: usedAds.publishedAt, soldAt: usedAds.soldAt, expiresAt: usedAds.expiresAt })
    .from(usedAds)
    .where(
      and(
        inArray(usedAds.status, ["published", "sold", "expired"]),
        comparableWhere(car),
        lt(usedAds.publishedAt, to),
        or(eq(usedAds.status, "published"), and(eq(usedAds.status, "sold"), gte(usedAds.soldAt, from)), and(eq(usedAds.status, "expired"), gte(usedAds.expiresAt, from))),
      ),
    )
    .orderBy(asc(usedAds.id))
    // A popular model's year of comparables, bounded all the same.
    .limit(20_000);
  if (ads.length === 0) return [];
  const history = await executor
    .select({ adId: usedAdPrices.adId, price: usedAdPrices.priceZar, at: usedAdPrices.changedAt })
    .from(usedAdPrices)
    .where(inArray(usedAdPrices.adId, ads.map((a) => a.id)))
    .orderBy(asc(usedAdPrices.adId), asc(usedAdPrices.changedAt), asc(usedAdPrices.id));
  const pricesOf = new Map<number, { price: number; at: Date }[]>();
  for (const row of history) {
    const list = pricesOf.get(row.adId);
    if (list) list.push({ price: row.price, at: row.at });
    else pricesOf.set(row.adId, [{ price: row.price, at: row.at }]);
  }
  const asked: AskedAd[] = ads.map((a) => ({
    publishedAt: a.publishedAt!,
    endedAt: a.status === "sold" ? a.soldAt : a.status === "expired" ? a.expiresAt : null,
    price: a.price,
    history: pricesOf.get(a.id) ?? [],
  }));
  return askedInMonths(asked, months);
}
