import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, resultRows, type Executor } from "~/lib/db.server";
import { usedAdFavourites, usedAds } from "../../../../db/schema";
import { adCardsByIds } from "../ad-cards.server";
import type { AdCardData } from "../types";

// Favourites: ads a signed-in user keeps, with the asking price when saved, so the list can say
// how the price moved since.

/** Saves an ad (published or sold) at its current price; saving twice keeps the first price. */
export async function addFavourite(userId: string, adId: number, executor: Executor = db()): Promise<boolean> {
  const [ad] = await executor
    .select({ price: usedAds.priceZar })
    .from(usedAds)
    .where(and(eq(usedAds.id, adId), inArray(usedAds.status, ["published", "sold"])))
    .limit(1);
  if (!ad) return false;
  await executor.insert(usedAdFavourites).values({ userId, adId, priceAtSave: ad.price }).onConflictDoNothing();
  return true;
}

export async function removeFavourite(userId: string, adId: number, executor: Executor = db()): Promise<void> {
  await executor.delete(usedAdFavourites).where(and(eq(usedAdFavourites.userId, userId), eq(usedAdFavourites.adId, adId)));
}

/** Which of these ads the user saved (for the hearts on a list of cards). */
export async function savedAdIds(userId: string | null | undefined, adIds: readonly number[], executor: Executor = db()): Promise<Set<number>> {
  if (!userId || adIds.length === 0) return new Set();
  const rows = await executor
    .select({ adId: usedAdFavourites.adId })
    .from(usedAdFavourites)
    .where(and(eq(usedAdFavourites.userId, userId), inArray(usedAdFavourites.adId, [...adIds])));
  return new Set(rows.map((r) => r.adId));
}

// ---------------------------------------------------------------------------------------------
// The drops of favourites.

/** The latest price row of each ad and the one before it: the SQL of latestDrop (price-history.ts). */
export const latestTwoPrices = sql`
  cross join lateral (
    select p.id, p.price_zar, p.changed_at from used_ad_prices p
    where p.ad_id = f.ad_id order by p.changed_at desc, p.id desc limit 1) latest
  cross join lateral (
    select p.price_zar from used_ad_prices p
    where p.ad_id = f.ad_id and (p.changed_at, p.id) < (latest.changed_at, latest.id)
    order by p.changed_at desc, p.id desc limit 1) earlier`;

/** Each favourite's current drop (the ad's latest change, when it went down), by ad id. */
export async function favouriteDrops(userId: string, adIds: readonly number[], executor: Executor = db()): Promise<Map<number, { amount: number; at: string }>> {
  if (adIds.length === 0) return new Map();
  const rows = resultRows<{ ad_id: number; from_zar: number; to_zar: number; changed_at: string | Date }>(
    await executor.execute(sql`
      select f.ad_id, earlier.price_zar as from_zar, latest.price_zar as to_zar, latest.changed_at
      from used_ad_favourites f ${latestTwoPrices}
      where f.user_id = ${userId} and f.ad_id in (select jsonb_array_elements_text(${JSON.stringify(adIds)}::jsonb)::int)
        and latest.price_zar < earlier.price_zar`),
  );
  return new Map(rows.map((r) => [Number(r.ad_id), { amount: Number(r.from_zar) - Number(r.to_zar), at: new Date(r.changed_at).toISOString() }]));
}

interface FavouriteEntry {
  ad: AdCardData;
  priceAtSave: number;
  savedAt: string;
  /** Current price minus the price when saved (negative: cheaper now). */
  priceChange: number;
  /** Expired: listed, but no longer for sale. */
  available: boolean;
  /** The ad's latest price change when it went down (price-history.ts's latestDrop), else null. */
  drop: { amount: number; at: string } | null;
}

/**
 * The user's saved ads, newest saved first. Drafts never show, nor do ads a buyer may not see now:
 * paused (the seller's alone), under review or removed (docs/moderation.md).
 */
export async function favouritesOf(userId: string, executor: Executor = db()): Promise<FavouriteEntry[]> {
  const rows = await executor
    .select({ adId: usedAdFavourites.adId, priceAtSave: usedAdFavourites.priceAtSave, savedAt: usedAdFavourites.createdAt })
    .from(usedAdFavourites)
    .innerJoin(usedAds, eq(usedAds.id, usedAdFavourites.adId))
    .where(and(eq(usedAdFavourites.userId, userId), inArray(usedAds.status, ["published", "sold", "expired"])))
    .orderBy(desc(usedAdFavourites.createdAt), desc(usedAdFavourites.adId))
    .limit(500);
  const cards = new Map((await adCardsByIds(executor, rows.map((r) => r.adId))).map((c) => [c.id, c]));
  const drops = await favouriteDrops(userId, rows.map((r) => r.adId), executor);
  return rows.flatMap((row) => {
    const ad = cards.get(row.adId);
    if (!ad) return [];
    return [
      {
        ad,
        priceAtSave: row.priceAtSave,
        savedAt: row.savedAt.toISOString(),
        priceChange: ad.priceZar - row.priceAtSave,
        available: ad.status === "published" || ad.status === "sold",
        drop: drops.get(row.adId) ?? null,
      },
    ];
  });
}
