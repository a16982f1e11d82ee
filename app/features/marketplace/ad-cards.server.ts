import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { onInvalidate } from "~/lib/cache.server";
import { db as appDb, type Executor } from "~/lib/db.server";
import { LruCache } from "~/lib/lru";
import { dealers, usedAdPhotos, usedAds } from "../../../db/schema";
import type { AdCardData } from "./types";

/** The cards of these ads, in the order of `ids` (ids without a row are skipped). */
export async function adCardsByIds(db: Executor, ids: readonly number[]): Promise<AdCardData[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: usedAds.id,
      slug: usedAds.slug,
      title: usedAds.title,
      makeName: usedAds.makeName,
      modelName: usedAds.modelName,
      year: usedAds.year,
      mileageKm: usedAds.mileageKm,
      fuel: usedAds.fuel,
      transmission: usedAds.transmission,
      bodyType: usedAds.bodyType,
      drive: usedAds.drive,
      colour: usedAds.colour,
      city: usedAds.city,
      province: usedAds.province,
      priceZar: usedAds.priceZar,
      previousPriceZar: usedAds.previousPriceZar,
      negotiable: usedAds.negotiable,
      priceRating: usedAds.priceRating,
      sellerKind: usedAds.sellerKind,
      dealerName: dealers.name,
      dealerVerified: sql<boolean>`${dealers.verifiedAt} is not null`,
      photoCount: usedAds.photoCount,
      status: usedAds.status,
      publishedAt: usedAds.publishedAt,
      isDemo: usedAds.isDemo,
    })
    .from(usedAds)
    .leftJoin(dealers, eq(dealers.id, usedAds.dealerId))
    .where(inArray(usedAds.id, [...ids]));
  const covers = await db
    .select({
      adId: usedAdPhotos.adId,
      storageKey: usedAdPhotos.storageKey,
      width: usedAdPhotos.width,
      height: usedAdPhotos.height,
      alt: usedAdPhotos.alt,
    })
    .from(usedAdPhotos)
    .where(and(inArray(usedAdPhotos.adId, [...ids]), eq(usedAdPhotos.position, 0)))
    .orderBy(asc(usedAdPhotos.adId));
  const coverOf = new Map(covers.map(({ adId, ...photo }) => [adId, photo]));
  const byId = new Map(
    rows.map((row) => [
      row.id,
      { ...row, cover: coverOf.get(row.id) ?? null, publishedAt: row.publishedAt?.toISOString() ?? null } satisfies AdCardData,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// Cards of live ads, kept in memory: the search pages show 24 at a time and read them on every
// render (two queries, a fifth of a search page's work on the embedded database). An ad's card is
// forgotten whenever the search index re-reads its row (its updated_at moved: every searchable
// field, the cover's photo count and the price rating, migration 0007), so a card is as fresh as
// the search results around it, on every instance. What it shows of its dealer follows the
// "dealers" cache tag (below). Cached cards are shared: never mutate one.
const CARD_TTL_MS = 5 * 60_000;
const CARD_CACHE_SIZE = 5_000;
let cardCache = new LruCache<{ card: AdCardData; at: number }>(CARD_CACHE_SIZE);

/** The cards of these ads (in the order of `ids`), from memory when they are known. */
export async function liveAdCards(ids: readonly number[]): Promise<AdCardData[]> {
  const now = Date.now();
  const known = new Map<number, AdCardData>();
  const missing: number[] = [];
  for (const id of ids) {
    const hit = cardCache.get(String(id));
    if (hit && now - hit.at < CARD_TTL_MS) known.set(id, hit.card);
    else missing.push(id);
  }
  if (missing.length > 0) {
    for (const card of await adCardsByIds(appDb(), missing)) {
      cardCache.set(String(card.id), { card, at: now });
      known.set(card.id, card);
    }
  }
  return ids.flatMap((id) => known.get(id) ?? []);
}

/** Called with every ad row the search index reads again (changed, or within its overlap). */
export function forgetAdCards(ids: Iterable<number>): void {
  for (const id of ids) cardCache.delete(String(id));
}

/** Tests switch databases. */
export function clearAdCardCache(): void {
  cardCache = new LruCache(CARD_CACHE_SIZE);
}

// What a card shows of its dealer (its name, "Verified dealer") changes with the dealers' data: a
// dealers import or an approved claim drops the cards at once, here and, through the "dealers"
// revision, on the other instances.
onInvalidate((tag) => {
  if (tag === undefined || tag === "dealers") clearAdCardCache();
});
