// Owner-review fixtures for database tests: a brand of its own with models of two body types and a
// version, reviewer accounts, and reviews written straight into the tables with sensible defaults.
import type { Executor } from "~/lib/db.server";
import { brands, modelReviews, models, users, versions } from "../../db/schema";
import type { BodyType } from "../../db/schema/vocabulary";
import type { ReviewInput } from "~/features/reviews/review-form-schema";

let counter = 0;

export async function insertReviewBrand(db: Executor, slug: string, name: string): Promise<{ id: number; slug: string; name: string }> {
  const [row] = await db
    .insert(brands)
    .values({ externalCode: `test-${slug}`, slug, name, country: "South Africa", description: `${name}, a test brand.`, colour: "#1f6feb" })
    .returning({ id: brands.id, slug: brands.slug, name: brands.name });
  return row!;
}

export async function insertReviewModel(
  db: Executor,
  brandId: number,
  values: { slug: string; name: string; bodyType?: BodyType; launchDate?: string },
): Promise<{ id: number; slug: string; name: string }> {
  const [row] = await db
    .insert(models)
    .values({
      externalCode: `test-${brandId}-${values.slug}`,
      brandId,
      slug: values.slug,
      name: values.name,
      bodyType: values.bodyType ?? "hatchback",
      segment: "B",
      description: `The ${values.name}.`,
      launchDate: values.launchDate ?? "2020-03-01",
      colour: "#c0392b",
    })
    .returning({ id: models.id, slug: models.slug, name: models.name });
  return row!;
}

export async function insertReviewVersion(db: Executor, modelId: number, name: string): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(versions)
    .values({
      externalCode: `test-version-${modelId}-${counter}`,
      modelId,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      name,
      priceZar: 329_900,
      fuel: "petrol",
      transmission: "manual",
      drive: "fwd",
      powerKw: 85,
      torqueNm: 200,
      accel0To100S: 10.5,
      topSpeedKmh: 190,
      co2GKm: 130,
      lengthMm: 4_100,
      widthMm: 1_750,
      heightMm: 1_450,
      wheelbaseMm: 2_550,
      bootL: 350,
      massKg: 1_150,
      seats: 5,
      doors: 5,
      warrantyYears: 3,
    })
    .returning({ id: versions.id });
  return row!.id;
}

export async function insertReviewer(db: Executor, name = "Lerato Dlamini"): Promise<{ id: string; name: string; email: string }> {
  counter += 1;
  const id = `reviewer-${Date.now()}-${counter}`;
  const email = `${id}@example.co.za`;
  const at = new Date("2024-05-01T08:00:00Z");
  await db.insert(users).values({ id, name, email, emailVerified: true, createdAt: at, updatedAt: at });
  return { id, name, email };
}

/** A review as the form gives it after checking: every score the overall unless said otherwise. */
export function reviewInput(overall: number, overrides: Partial<ReviewInput> = {}): ReviewInput {
  return {
    overall,
    comfort: overall,
    performance: overall,
    "fuel-economy": overall,
    reliability: overall,
    practicality: overall,
    "value-for-money": overall,
    "after-sales": overall,
    title: `Scored ${overall} out of 10`,
    likes: "Comfortable on long trips between Joburg and Durban.",
    dislikes: "The infotainment screen is slow to start in the morning.",
    yearBought: 2022,
    kilometres: 45_000,
    ownedMonths: 24,
    recommends: overall >= 6,
    versionId: null,
    ...overrides,
  };
}

/** Inserts a review row directly (no cache invalidation): for reads set up in bulk. */
export async function insertReview(
  db: Executor,
  values: { userId: string; modelId: number; overall: number; helpfulCount?: number; createdAt?: Date; hiddenAt?: Date | null; recommends?: boolean },
): Promise<number> {
  const input = reviewInput(values.overall, values.recommends === undefined ? {} : { recommends: values.recommends });
  const at = values.createdAt ?? new Date();
  const [row] = await db
    .insert(modelReviews)
    .values({
      modelId: values.modelId,
      userId: values.userId,
      overall: input.overall,
      comfort: input.comfort,
      performance: input.performance,
      fuelEconomy: input["fuel-economy"],
      reliability: input.reliability,
      practicality: input.practicality,
      valueForMoney: input["value-for-money"],
      afterSales: input["after-sales"],
      title: input.title,
      likes: input.likes,
      dislikes: input.dislikes,
      yearBought: input.yearBought,
      kilometres: input.kilometres,
      ownedMonths: input.ownedMonths,
      recommends: input.recommends,
      helpfulCount: values.helpfulCount ?? 0,
      hiddenAt: values.hiddenAt ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: modelReviews.id });
  return row!.id;
}
