import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
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
      negotiable: usedAds.negotiable,
      priceRating: usedAds.priceRating,
      sellerKind: usedAds.sellerKind,
      dealerName: dealers.name,
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
