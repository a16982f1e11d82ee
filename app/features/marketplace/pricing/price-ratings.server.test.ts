import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usedAds } from "../../../../db/schema";
import { useTestDatabase } from "../../../../tests/setup/database";
import { refreshPriceRatings } from "./price-ratings.server";

const getDb = useTestDatabase();

const base = {
  status: "published" as const,
  sellerKind: "private" as const,
  makeName: "Toyota",
  modelName: "Corolla",
  variant: "1.8 XS",
  fuel: "petrol" as const,
  transmission: "manual" as const,
  bodyType: "sedan" as const,
  drive: "2wd" as const,
  colour: "white",
  serviceHistory: "full" as const,
  province: "gauteng",
  city: "pretoria",
  year: 2020,
  mileageKm: 60_000,
  publishedAt: new Date("2026-10-01T10:00:00Z"),
  updatedAt: new Date("2026-10-01T10:00:00Z"),
};

async function insertAd(values: Partial<typeof usedAds.$inferInsert> & { priceZar: number }): Promise<number> {
  const [row] = await getDb()
    .db.insert(usedAds)
    .values({ ...base, title: "2020 Toyota Corolla 1.8 XS", slug: "2020-toyota-corolla-1-8-xs", ...values })
    .returning({ id: usedAds.id });
  return row!.id;
}

const ratingOf = async (id: number) => {
  const [row] = await getDb()
    .db.select({ rating: usedAds.priceRating, median: usedAds.ratingMedian, comparables: usedAds.ratingComparables, updatedAt: usedAds.updatedAt })
    .from(usedAds)
    .where(eq(usedAds.id, id));
  return row!;
};

describe("refreshPriceRatings", () => {
  it("rates against the same model, a year either side and a similar mileage", async () => {
    // Six comparables around R 200 000 (2019-2021, 45 000-75 000 km) …
    for (const [year, km, price] of [[2019, 70_000, 195_000], [2020, 55_000, 200_000], [2020, 65_000, 200_000], [2021, 50_000, 205_000], [2021, 45_000, 210_000], [2020, 75_000, 190_000]] as const) {
      await insertAd({ year, mileageKm: km, priceZar: price });
    }
    const cheap = await insertAd({ priceZar: 175_000 });
    const dear = await insertAd({ priceZar: 235_000 });
    // … and ads that must not count: another model, too old, too many km, not live.
    await insertAd({ modelName: "Corolla Cross", priceZar: 100_000 });
    await insertAd({ year: 2017, priceZar: 100_000 });
    await insertAd({ mileageKm: 200_000, priceZar: 100_000 });
    await insertAd({ status: "sold", priceZar: 100_000 });
    const lonely = await insertAd({ makeName: "Lotus", modelName: "Emira", priceZar: 1_900_000 });

    const result = await refreshPriceRatings(getDb().db);
    expect(result.rated).toBe(12);

    expect(await ratingOf(cheap)).toMatchObject({ rating: 1, median: 200_000, comparables: 7 });
    expect(await ratingOf(dear)).toMatchObject({ rating: 4, median: 200_000, comparables: 7 });
    expect(await ratingOf(lonely)).toMatchObject({ rating: 0, median: null, comparables: null });
    // The rating moved, so updated_at (followed by the search index) moved too.
    expect((await ratingOf(cheap)).updatedAt.getTime()).toBeGreaterThan(base.updatedAt.getTime());
    expect((await ratingOf(lonely)).updatedAt.toISOString()).toBe(base.updatedAt.toISOString());
  });

  it("writes nothing the second time, and only touches updated_at when the rating changes", async () => {
    expect((await refreshPriceRatings(getDb().db)).changed).toBe(0);
    const db = getDb().db;
    await db.execute(sql`update used_ads set updated_at = '2026-10-01T10:00:00Z'`);
    // A new comparable moves the median of the others but not every rating.
    await insertAd({ priceZar: 201_000 });
    const result = await refreshPriceRatings(db);
    expect(result.changed).toBeGreaterThan(0);
    const rows = await db.select({ rating: usedAds.priceRating, updatedAt: usedAds.updatedAt }).from(usedAds);
    const untouched = rows.filter((r) => r.updatedAt.toISOString() === "2026-10-01T10:00:00.000Z");
    expect(untouched.length).toBeGreaterThan(5);
  });

  it("refreshes only the models asked for", async () => {
    const db = getDb().db;
    await db.execute(sql`update used_ads set price_rating = 0, rating_median = null, rating_comparables = null`);
    expect(await refreshPriceRatings(db, { modelIds: [999] })).toEqual({ rated: 0, changed: 0 });
  });
});
