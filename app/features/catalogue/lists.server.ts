import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { brands, models, versions } from "../../../db/schema";
import type { BodyType, FuelType } from "../../../db/schema/catalogue";
import { type BrandSummary, modelCardColumns, modelCardsQuery } from "./model-cards.server";
import type { ElectricModelCard, ModelCard } from "./types";

// The guide-auto list pages: premium models, electric models with range and battery, brands and
// models by body type. Model cards summarise the versions on sale (or the subset a list is about).

const LIST_CACHE = { ttlMs: 5 * 60_000, tags: ["catalogue"] };

/** Every premium model on sale, most popular first. */
export function premiumModels(): Promise<ModelCard[]> {
  return cached("catalogue:list:premium", LIST_CACHE, () => modelCardsQuery(eq(models.isPremium, true), [desc(models.popularity), asc(models.id)]));
}

const electrifiedFuels: FuelType[] = ["electric", "plug-in-hybrid"];

/**
 * Models with battery-electric or plug-in hybrid versions on sale. Each card is about those
 * versions only (price, count, range and battery across them). Fully electric models first,
 * then the longest range.
 */
export function electricModels(): Promise<ElectricModelCard[]> {
  return cached("catalogue:list:electric", LIST_CACHE, async () => {
    const rows = await db()
      .select({
        ...modelCardColumns,
        minRangeKm: sql<number | null>`min(${versions.rangeKm})::int`,
        maxRangeKm: sql<number | null>`max(${versions.rangeKm})::int`,
        minBatteryKwh: sql<number | null>`min(${versions.batteryKwh})::float8`,
        maxBatteryKwh: sql<number | null>`max(${versions.batteryKwh})::float8`,
        fullyElectric: sql<boolean>`bool_or(${versions.fuel} = 'electric')`,
      })
      .from(models)
      .innerJoin(brands, eq(brands.id, models.brandId))
      .innerJoin(versions, and(eq(versions.modelId, models.id), eq(versions.onSale, true), inArray(versions.fuel, electrifiedFuels)))
      .groupBy(models.id, brands.id)
      .orderBy(
        desc(sql`bool_or(${versions.fuel} = 'electric')`),
        sql`max(${versions.rangeKm}) desc nulls last`,
        desc(models.popularity),
        asc(models.id),
      );
    return rows.map((row) => ({ ...row, minBatteryKwh: numberOrNull(row.minBatteryKwh), maxBatteryKwh: numberOrNull(row.maxBatteryKwh) }));
  });
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** How many models on sale have each body type (only body types that exist). */
export function bodyTypeCounts(): Promise<{ bodyType: BodyType; models: number }[]> {
  return cached("catalogue:list:body-counts", LIST_CACHE, () =>
    db()
      .select({ bodyType: models.bodyType, models: sql<number>`count(distinct ${models.id})::int` })
      .from(models)
      .innerJoin(versions, and(eq(versions.modelId, models.id), eq(versions.onSale, true)))
      .groupBy(models.bodyType)
      .orderBy(desc(sql`count(distinct ${models.id})`), asc(models.bodyType)),
  );
}


/** Every model of a body type on sale, most popular first. */
export function modelsForBody(bodyType: BodyType): Promise<ModelCard[]> {
  return cached(`catalogue:list:models:${bodyType}`, LIST_CACHE, () =>
    modelCardsQuery(eq(models.bodyType, bodyType), [desc(models.popularity), asc(models.id)]),
  );
}
