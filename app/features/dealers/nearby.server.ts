import { sql } from "drizzle-orm";
import { db, resultRows } from "~/lib/db.server";
import { cityName } from "../marketplace/places";
import { dealerCards } from "./directory.server";
import { NEARBY_DEALERS_LIMIT, type NearbyDealers, type NearbyQuery, nearbyDirectoryUrl } from "./nearby";
import { dealerUrl } from "./urls";

/**
 * A few dealers selling the brand new in the province (or anywhere), by name, with how many
 * there are; undefined for an unknown brand.
 */
export async function nearbyDealers({ brandId, province }: NearbyQuery): Promise<NearbyDealers | undefined> {
  const [brand] = resultRows<{ slug: string }>(await db().execute(sql`select slug from brands where id = ${brandId}`));
  if (!brand) return undefined;
  const where = sql`d.sells_new and exists (select 1 from dealer_brands db where db.dealer_id = d.id and db.brand_id = ${brandId})
    and ${province ? sql`d.province = ${province}` : sql`true`}`;
  const [cards, [counted]] = await Promise.all([
    dealerCards(where, sql`lower(d.name), d.id`, NEARBY_DEALERS_LIMIT),
    db()
      .execute(sql`select count(*)::int as total from dealers d where ${where}`)
      .then((result) => resultRows<{ total: number }>(result)),
  ]);
  return {
    total: Number(counted?.total ?? 0),
    dealers: cards.map((d) => ({ id: d.id, name: d.name, url: dealerUrl(d), suburb: d.suburb, town: cityName(d.city), phone: d.phone, isDemo: d.isDemo })),
    directoryUrl: nearbyDirectoryUrl(brand.slug, province),
  };
}
