// Small used-ad fixtures for database tests (and the browser journeys' fixture script): a private
// seller account, a dealer, and ads with photos, written through the app's own schema.
import type { Executor } from "~/lib/db.server";
import { dealers, usedAdPhotos, usedAds, users } from "../../db/schema";
import { photoHeight } from "~/features/marketplace/photos";

export type AdFixture = Partial<typeof usedAds.$inferInsert> & { photos?: number };

let counter = 0;

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
    .values({
      status: "published",
      sellerKind: "private",
      makeName: "Volkswagen",
      modelName: "Polo Vivo",
      variant: "1.4 Trendline",
      title: "2019 Volkswagen Polo Vivo 1.4 Trendline",
      slug: "2019-volkswagen-polo-vivo-1-4-trendline",
      year: 2019,
      mileageKm: 86_000,
      priceZar: 159_000,
      fuel: "petrol",
      transmission: "manual",
      bodyType: "hatchback",
      drive: "2wd",
      colour: "white",
      engineCc: 1398,
      doors: 5,
      seats: 5,
      serviceHistory: "full",
      previousOwners: 1,
      province: "gauteng",
      city: "pretoria",
      description: "One owner.\nNew tyres.",
      equipment: ["Air conditioning", "Bluetooth"],
      phone: "072 987 6543",
      photoCount: photos,
      publishedAt: now,
      expiresAt: new Date(now.getTime() + 60 * 86_400_000),
      ...columns,
    })
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
