import { sql } from "drizzle-orm";
import { resultRows } from "~/lib/db.server";
import { readDb } from "~/lib/db-replica.server";
import type { OpeningHours } from "../../../db/schema/vocabulary";
import { cityName } from "~/lib/places";
import { NEARBY_DEALERS_LIMIT, type NearbyDealers, type NearbyQuery, nearbyDirectoryUrl } from "./nearby";
import { dealerUrl } from "./urls";

interface NearbyRow {
  id: number;
  slug: string;
  name: string;
  suburb: string;
  city: string;
  phone: string | null;
  opening_hours: OpeningHours | string | null;
  is_demo: boolean;
  total: number;
}

/**
 * A few dealers selling the brand new in the province (or anywhere), by name, with how many
 * there are; undefined for an unknown brand.
 */
export async function nearbyDealers({ brandId, province }: NearbyQuery): Promise<NearbyDealers | undefined> {
  const [brand] = resultRows<{ slug: string }>(await readDb().execute(sql`select slug from brands where id = ${brandId}`));
  if (!brand) return undefined;
  const rows = resultRows<NearbyRow>(
    await readDb().execute(sql`
      select d.id, d.slug, d.name, d.suburb, d.city, d.phone, d.opening_hours, d.is_demo, (count(*) over ())::int as total
      from dealers d
      where d.sells_new
        and exists (select 1 from dealer_brands db where db.dealer_id = d.id and db.brand_id = ${brandId})
        and ${province ? sql`d.province = ${province}` : sql`true`}
      order by lower(d.name), d.id
      limit ${NEARBY_DEALERS_LIMIT}`),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    dealers: rows.map((d) => ({
      id: Number(d.id),
      name: d.name,
      url: dealerUrl({ id: Number(d.id), slug: d.slug }),
      suburb: d.suburb,
      town: cityName(d.city),
      phone: d.phone,
      openingHours: typeof d.opening_hours === "string" ? (JSON.parse(d.opening_hours) as OpeningHours) : d.opening_hours,
      isDemo: d.is_demo,
    })),
    directoryUrl: nearbyDirectoryUrl(brand.slug, province),
  };
}
