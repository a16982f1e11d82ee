import { and, desc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
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

interface FavouriteEntry {
  ad: AdCardData;
  priceAtSave: number;
  savedAt: string;
  /** Current price minus the price when saved (negative: cheaper now). */
  priceChange: number;
  /** Expired: listed, but no longer for sale. */
  available: boolean;
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
      },
    ];
  });
}
