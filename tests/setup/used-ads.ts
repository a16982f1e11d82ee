import { sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { resultRows } from "~/lib/db.server";
import { usedAds } from "../../db/schema";

// Fixture ads for database tests of the marketplace: sensible defaults (a published 2019 Polo
// Vivo in Pretoria), each field overridable.

export type FixtureAd = Partial<typeof usedAds.$inferInsert>;

let counter = 0;

export function fixtureAd(overrides: FixtureAd = {}): typeof usedAds.$inferInsert {
  counter++;
  const makeName = overrides.makeName ?? "Volkswagen";
  const modelName = overrides.modelName ?? "Polo Vivo";
  const year = overrides.year ?? 2019;
  return {
    status: "published",
    sellerKind: "private",
    makeName,
    modelName,
    variant: "1.4 Trendline",
    title: `${year} ${makeName} ${modelName}`,
    slug: `${year}-${makeName}-${modelName}`.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    year,
    mileageKm: 86_000,
    priceZar: 159_000,
    fuel: "petrol",
    transmission: "manual",
    bodyType: "hatchback",
    drive: "2wd",
    colour: "white",
    serviceHistory: "full",
    province: "gauteng",
    city: "pretoria",
    description: "",
    photoCount: 3,
    publishedAt: new Date(Date.UTC(2026, 0, 1) + counter * 60_000),
    ...overrides,
  };
}

/** Inserts ads (defaults from fixtureAd) and gives their ids in order. */
export async function insertAds(db: Executor, ads: FixtureAd[]): Promise<number[]> {
  if (ads.length === 0) return [];
  const rows = await db.insert(usedAds).values(ads.map(fixtureAd)).returning({ id: usedAds.id });
  return rows.map((r) => r.id);
}

/** Empties the marketplace tables between tests. */
export async function clearAds(db: Executor): Promise<void> {
  await db.execute(sql`delete from used_ads`);
}

export async function liveAdCount(db: Executor): Promise<number> {
  const [row] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from used_ads where status = 'published'`));
  return Number(row?.n ?? 0);
}
