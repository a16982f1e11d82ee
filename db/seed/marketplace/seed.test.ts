import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../../app/lib/db.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { DEMO_AD_COUNT, isEmptyMarketplace, seedMarketplace } from ".";

const getDb = useTestDatabase({ seed: true });

const one = async <T>(query: ReturnType<typeof sql>) => resultRows<T>(await getDb().db.execute(query))[0]!;

describe("seedMarketplace", () => {
  it("writes the demo marketplace in one go, with photos, prices and ratings", async () => {
    const db = getDb().db;
    expect(await isEmptyMarketplace(db)).toBe(true);
    const result = await seedMarketplace(db, { photos: false });
    expect(result.ads).toBe(DEMO_AD_COUNT);
    expect(await isEmptyMarketplace(db)).toBe(false);

    const counts = await one<{ ads: number; live: number; demo: number; photos: number; prices: number; users: number; dealers: number; accounts: number }>(sql`select
      (select count(*)::int from used_ads) as ads,
      (select count(*)::int from used_ads where status = 'published') as live,
      (select count(*)::int from used_ads where is_demo) as demo,
      (select count(*)::int from used_ad_photos) as photos,
      (select count(*)::int from used_ad_prices) as prices,
      (select count(*)::int from users where id like 'demo-seller-%') as users,
      (select count(*)::int from dealers where is_demo) as dealers,
      (select count(*)::int from auth_accounts a join users u on u.id = a.user_id where u.id like 'demo-seller-%') as accounts`);
    expect(counts).toMatchObject({ ads: DEMO_AD_COUNT, demo: DEMO_AD_COUNT, users: 300, dealers: 40, accounts: 0 });
    expect(counts.live).toBeGreaterThanOrEqual(2_500);
    expect(counts.prices).toBeGreaterThan(DEMO_AD_COUNT);

    // photo_count matches the rows, every ad has its cover, sellers match their kind.
    const checks = await one<{ bad_count: number; no_cover: number; bad_seller: number; no_vector: number; rated: number; catalogue: number }>(sql`select
      (select count(*)::int from used_ads a where photo_count <> (select count(*) from used_ad_photos p where p.ad_id = a.id)) as bad_count,
      (select count(*)::int from used_ads a where not exists (select 1 from used_ad_photos p where p.ad_id = a.id and p.position = 0)) as no_cover,
      (select count(*)::int from used_ads where (seller_kind = 'private') <> (seller_user_id is not null and dealer_id is null)) as bad_seller,
      (select count(*)::int from used_ads where search_vector is null) as no_vector,
      (select count(*)::int from used_ads where status = 'published' and price_rating > 0) as rated,
      (select count(*)::int from used_ads a join models m on m.id = a.model_id join brands b on b.id = a.brand_id and b.id = m.brand_id) as catalogue`);
    expect(checks).toMatchObject({ bad_count: 0, no_cover: 0, bad_seller: 0, no_vector: 0, catalogue: DEMO_AD_COUNT });
    // Most live ads have enough comparables for a rating.
    expect(checks.rated).toBeGreaterThan(counts.live * 0.5);
    expect(counts.photos).toBeGreaterThan(DEMO_AD_COUNT * 3);
  });

  it("keeps each ad's current price as the last of its price history", async () => {
    const row = await one<{ n: number }>(sql`select count(*)::int as n from used_ads a
      where a.price_zar <> (select p.price_zar from used_ad_prices p where p.ad_id = a.id order by p.changed_at desc, p.id desc limit 1)`);
    expect(row.n).toBe(0);
  });
});
