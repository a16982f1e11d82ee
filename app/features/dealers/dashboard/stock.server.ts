import { and, asc, desc, eq, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
import { db, resultRows, type Executor } from "~/lib/db.server";
import { dealerContacts, leadDealers, usedAdFavourites, usedAdPhotos, usedAds } from "../../../../db/schema";
import type { AdStatus } from "../../../../db/schema/vocabulary";
import type { BodyType } from "../../../../db/schema/catalogue";
import type { AdPhoto } from "~/features/marketplace/types";
import { priceRatingCodes } from "~/features/marketplace/pricing/price-rating";
import { lastDays, onDays, STOCK_PAGE_SIZE, type DayFigures, type StockFilter, type StockQuery } from "./dashboard-rules";

// The dealer's stock with its figures, the filters' counts, and the 30 days of views, contacts and
// leads (issue 46). Every query names the dealer; the caller has checked the member's right.

export interface StockAd {
  id: number;
  slug: string;
  title: string;
  status: AdStatus;
  stockNumber: string | null;
  priceZar: number;
  priceRating: number;
  photoCount: number;
  viewCount: number;
  contactCount: number;
  phoneRevealCount: number;
  favouriteCount: number;
  publishedAt: Date | null;
  expiresAt: Date | null;
  soldAt: Date | null;
  bodyType: BodyType;
  colour: string;
  cover: AdPhoto | null;
}

const HIGH = priceRatingCodes.high;

/** The WHERE of each filter, for the dealer's ads (a moderator's removals are never listed). */
function filterWhere(dealerId: number, filter: StockFilter): SQL {
  const dealer = and(eq(usedAds.dealerId, dealerId), ne(usedAds.status, "removed"))!;
  switch (filter) {
    case "all":
      return dealer;
    case "live":
      return and(dealer, eq(usedAds.status, "published"))!;
    case "sold":
      return and(dealer, eq(usedAds.status, "sold"))!;
    case "paused":
      return and(dealer, eq(usedAds.status, "paused"))!;
    case "no-photos":
      return and(dealer, eq(usedAds.photoCount, 0))!;
    case "high-price":
      return and(dealer, eq(usedAds.status, "published"), eq(usedAds.priceRating, HIGH))!;
  }
}

export type StockCounts = Record<StockFilter, number>;

/** How many ads each filter shows, in one pass over the dealer's ads. */
export async function stockCounts(dealerId: number, executor: Executor = db()): Promise<StockCounts> {
  const [row] = resultRows<Record<string, number>>(
    await executor.execute(sql`select count(*)::int as "all",
        count(*) filter (where status = 'published')::int as "live",
        count(*) filter (where status = 'sold')::int as "sold",
        count(*) filter (where status = 'paused')::int as "paused",
        count(*) filter (where photo_count = 0)::int as "no-photos",
        count(*) filter (where status = 'published' and price_rating = ${HIGH})::int as "high-price"
      from used_ads where dealer_id = ${dealerId} and status <> 'removed'`),
  );
  return {
    all: Number(row?.all ?? 0),
    live: Number(row?.live ?? 0),
    sold: Number(row?.sold ?? 0),
    paused: Number(row?.paused ?? 0),
    "no-photos": Number(row?.["no-photos"] ?? 0),
    "high-price": Number(row?.["high-price"] ?? 0),
  };
}

/** One page of the dealer's ads under a filter: newest published first (never published last). */
export async function stockPage(dealerId: number, query: StockQuery, executor: Executor = db()): Promise<StockAd[]> {
  const rows = await executor
    .select({
      id: usedAds.id,
      slug: usedAds.slug,
      title: usedAds.title,
      status: usedAds.status,
      stockNumber: usedAds.stockNumber,
      priceZar: usedAds.priceZar,
      priceRating: usedAds.priceRating,
      photoCount: usedAds.photoCount,
      viewCount: usedAds.viewCount,
      contactCount: usedAds.contactCount,
      phoneRevealCount: usedAds.phoneRevealCount,
      favouriteCount: sql<number>`(select count(*)::int from ${usedAdFavourites} f where f.ad_id = ${usedAds.id})`,
      publishedAt: usedAds.publishedAt,
      expiresAt: usedAds.expiresAt,
      soldAt: usedAds.soldAt,
      bodyType: usedAds.bodyType,
      colour: usedAds.colour,
    })
    .from(usedAds)
    .where(filterWhere(dealerId, query.filter))
    .orderBy(sql`${usedAds.publishedAt} desc nulls last`, desc(usedAds.id))
    .limit(STOCK_PAGE_SIZE)
    .offset((query.page - 1) * STOCK_PAGE_SIZE);
  if (rows.length === 0) return [];
  const covers = await executor
    .select({ adId: usedAdPhotos.adId, storageKey: usedAdPhotos.storageKey, width: usedAdPhotos.width, height: usedAdPhotos.height, alt: usedAdPhotos.alt })
    .from(usedAdPhotos)
    .where(and(inArray(usedAdPhotos.adId, rows.map((r) => r.id)), eq(usedAdPhotos.position, 0)))
    .orderBy(asc(usedAdPhotos.adId));
  const coverOf = new Map(covers.map(({ adId, ...photo }) => [adId, photo]));
  return rows.map((row) => ({ ...row, favouriteCount: Number(row.favouriteCount), cover: coverOf.get(row.id) ?? null }));
}

/** A day of a timestamp column in South Africa (UTC+2 all year), as text "2026-10-03". */
const saDay = (column: SQL) => sql<string>`to_char((${column} at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`;

/**
 * The dealer's last 30 South African days: views and phone reveals of its ads (used_ad_daily_stats),
 * messages about its ads and on its page, and the find-my-car requests it received.
 */
export async function thirtyDays(dealerId: number, now: Date, executor: Executor = db()): Promise<DayFigures[]> {
  const days = lastDays(now);
  const first = days[0]!;
  // The moment the first day starts in South Africa, for the timestamp columns' indexes.
  const since = new Date(Date.parse(first) - 2 * 3_600_000);
  const [stats, adMessages, pageMessages, requests] = await Promise.all([
    executor.execute(sql`select to_char(s.day, 'YYYY-MM-DD') as day, sum(s.views)::int as views, sum(s.phone_reveals)::int as reveals
      from used_ad_daily_stats s join used_ads a on a.id = s.ad_id
      where a.dealer_id = ${dealerId} and s.day >= ${first}::date
      group by s.day`),
    executor.execute(sql`select ${saDay(sql`c.created_at`)} as day, count(*)::int as n
      from used_ad_contacts c join used_ads a on a.id = c.ad_id
      where a.dealer_id = ${dealerId} and c.created_at >= ${since.toISOString()}::timestamptz
      group by 1`),
    executor
      .select({ day: saDay(sql`${dealerContacts.createdAt}`), n: sql<number>`count(*)::int` })
      .from(dealerContacts)
      .where(and(eq(dealerContacts.dealerId, dealerId), gte(dealerContacts.createdAt, since)))
      .groupBy(sql`1`),
    executor
      .select({ day: saDay(sql`${leadDealers.sentAt}`), n: sql<number>`count(*)::int` })
      .from(leadDealers)
      .where(and(eq(leadDealers.dealerId, dealerId), gte(leadDealers.sentAt, since)))
      .groupBy(sql`1`),
  ]);
  return onDays(days, [
    ...resultRows<{ day: string; views: number; reveals: number }>(stats).map((r) => ({ day: r.day, views: Number(r.views), contacts: Number(r.reveals) })),
    ...resultRows<{ day: string; n: number }>(adMessages).map((r) => ({ day: r.day, contacts: Number(r.n) })),
    ...pageMessages.map((r) => ({ day: r.day, contacts: Number(r.n) })),
    ...requests.map((r) => ({ day: r.day, leads: Number(r.n) })),
  ]);
}
