// Used-ad fixtures for database tests (and the browser journeys' fixture script): rows with
// sensible defaults (a published 2019 Polo Vivo in Pretoria), each field overridable, a private
// seller account, a dealer, and ads with photos, written through the app's own schema.
import { sql } from "drizzle-orm";
import { type Executor, resultRows } from "~/lib/db.server";
import { dealers, usedAdPhotos, usedAds, users } from "../../db/schema";
import { photoHeight } from "~/features/marketplace/photos";

export type AdFixture = Partial<typeof usedAds.$inferInsert> & { photos?: number };

let counter = 0;

export type FixtureAd = Partial<typeof usedAds.$inferInsert>;

export function fixtureAd(overrides: FixtureAd = {}): typeof usedAds.$inferInsert {
  counter += 1;
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

export async function insertSellerUser(
  db: Executor,
  values: { id?: string; name?: string; email?: string; createdAt?: Date } = {},
): Promise<{ id: string; name: string; email: string }> {
  counter += 1;
  const id = values.id ?? `seller-${Date.now()}-${counter}`;
  const name = values.name ?? "Thabo Mokoena";
  const email = values.email ?? `${id}@example.co.za`;
  const createdAt = values.createdAt ?? new Date("2021-03-14T10:00:00Z");
  await db.insert(users).values({ id, name, email, emailVerified: true, createdAt, updatedAt: createdAt });
  return { id, name, email };
}

export async function insertDealer(
  db: Executor,
  values: Partial<typeof dealers.$inferInsert> = {},
): Promise<{ id: number; name: string; email: string | null }> {
  counter += 1;
  const [row] = await db
    .insert(dealers)
    .values({
      slug: `dealer-${counter}`,
      name: "Highveld Motors",
      city: "pretoria",
      province: "gauteng",
      phone: "012 345 6789",
      email: `sales-${counter}@highveld-motors.example`,
      ...values,
    })
    .returning({ id: dealers.id, name: dealers.name, email: dealers.email });
  return row!;
}

/** A published private-seller ad (a 2019 Polo Vivo in Pretoria) unless `values` say otherwise. */
export async function insertAd(db: Executor, values: AdFixture = {}): Promise<{ id: number; slug: string }> {
  const { photos = 3, ...columns } = values;
  const now = new Date();
  const [row] = await db
    .insert(usedAds)
    .values(
      fixtureAd({
        title: "2019 Volkswagen Polo Vivo 1.4 Trendline",
        slug: "2019-volkswagen-polo-vivo-1-4-trendline",
        engineCc: 1398,
        doors: 5,
        seats: 5,
        previousOwners: 1,
        description: "One owner.\nNew tyres.",
        equipment: ["Air conditioning", "Bluetooth"],
        phone: "072 987 6543",
        photoCount: photos,
        publishedAt: now,
        expiresAt: new Date(now.getTime() + 60 * 86_400_000),
        ...columns,
      }),
    )
    .returning({ id: usedAds.id, slug: usedAds.slug });
  if (photos > 0) {
    await db.insert(usedAdPhotos).values(
      Array.from({ length: photos }, (_, position) => ({
        adId: row!.id,
        position,
        storageKey: `demo/hatchback-white-${position}`,
        width: 1280,
        height: photoHeight(1280),
        alt: `Photo ${position + 1}`,
      })),
    );
  }
  return row!;
}
