import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { brands, models, promotions, versions } from "../../../db/schema";
import type { BodyType, FuelType } from "../../../db/schema/catalogue";
import type { ModelCard, PromotionCard } from "./types";

/** The columns of a model card: the model, its brand, and its versions on sale summarised. */
export const modelCardColumns = {
  id: models.id,
  slug: models.slug,
  name: models.name,
  bodyType: models.bodyType,
  colour: models.colour,
  launchDate: models.launchDate,
  isElectric: models.isElectric,
  brandId: brands.id,
  brandSlug: brands.slug,
  brandName: brands.name,
  brandColour: brands.colour,
  minPrice: sql<number>`min(${versions.priceZar})::int`,
  maxPrice: sql<number>`max(${versions.priceZar})::int`,
  fuels: sql<FuelType[]>`array_agg(distinct ${versions.fuel} order by ${versions.fuel})`,
  versionCount: sql<number>`count(${versions.id})::int`,
  // The cheapest version: what a list's "compare" action adds.
  entryVersionId: sql<number>`(array_agg(${versions.id} order by ${versions.priceZar}, ${versions.id}))[1]`,
  entryVersionName: sql<string>`(array_agg(${versions.name} order by ${versions.priceZar}, ${versions.id}))[1]`,
};

/**
 * Model cards for models matching `where`, summarising their versions on sale (only those
 * matching `versionWhere` when given: a list about electric versions counts only those).
 */
export function modelCardsQuery(where: SQL | undefined, orderBy: SQL[], versionWhere?: SQL) {
  return db()
    .select(modelCardColumns)
    .from(models)
    .innerJoin(brands, eq(brands.id, models.brandId))
    .innerJoin(versions, and(eq(versions.modelId, models.id), eq(versions.onSale, true), versionWhere))
    .where(where)
    .groupBy(models.id, brands.id)
    .orderBy(...orderBy);
}

/** Model summaries (price range, fuels, number of versions on sale) for card grids. */
export async function modelCards(where: SQL | undefined, orderBy: SQL[], limit: number): Promise<ModelCard[]> {
  return modelCardsQuery(where, orderBy).limit(limit);
}

export function popularModels(limit = 8): Promise<ModelCard[]> {
  return cached(`catalogue:popular:${limit}`, { ttlMs: 5 * 60_000, tags: ["catalogue"] }, () =>
    modelCards(undefined, [desc(models.popularity), asc(models.id)], limit),
  );
}

export function newArrivals(limit = 6): Promise<ModelCard[]> {
  return cached(`catalogue:new-arrivals:${limit}`, { ttlMs: 5 * 60_000, tags: ["catalogue"] }, () =>
    modelCards(sql`${models.launchDate} >= current_date - interval '12 months'`, [desc(models.launchDate), asc(models.id)], limit),
  );
}

export function electricPicks(limit = 4): Promise<ModelCard[]> {
  return cached(`catalogue:electric:${limit}`, { ttlMs: 5 * 60_000, tags: ["catalogue"] }, () =>
    modelCards(eq(models.isElectric, true), [desc(models.popularity), asc(models.id)], limit),
  );
}

/** Promotions running today, the biggest saving first. */
export function currentPromotions(limit = 4): Promise<PromotionCard[]> {
  return cached(`catalogue:promotions:${limit}`, { ttlMs: 5 * 60_000, tags: ["catalogue"] }, () =>
    db()
      .select({
        id: promotions.id,
        title: promotions.title,
        oldPriceZar: promotions.oldPriceZar,
        newPriceZar: promotions.newPriceZar,
        endsOn: promotions.endsOn,
        versionId: versions.id,
        versionSlug: versions.slug,
        versionName: versions.name,
        modelId: models.id,
        modelSlug: models.slug,
        modelName: models.name,
        bodyType: models.bodyType,
        colour: models.colour,
        brandSlug: brands.slug,
        brandName: brands.name,
      })
      .from(promotions)
      .innerJoin(versions, eq(versions.id, promotions.versionId))
      .innerJoin(models, eq(models.id, versions.modelId))
      .innerJoin(brands, eq(brands.id, models.brandId))
      .where(and(lte(promotions.startsOn, sql`current_date`), gte(promotions.endsOn, sql`current_date`), eq(versions.onSale, true)))
      .orderBy(desc(sql`${promotions.oldPriceZar} - ${promotions.newPriceZar}`), asc(promotions.id))
      .limit(limit),
  );
}

export interface BrandSummary {
  id: number;
  slug: string;
  name: string;
  colour: string;
  modelCount: number;
  minPrice: number;
}

/**
 * Every brand with its model count and lowest price on sale, best sellers first; with a body
 * type, only the brands that have one, counted and priced on those models.
 */
export function brandSummaries(bodyType?: BodyType): Promise<BrandSummary[]> {
  return cached(`catalogue:brand-summaries:${bodyType ?? "all"}`, { ttlMs: 10 * 60_000, tags: ["catalogue"] }, () =>
    db()
      .select({
        id: brands.id,
        slug: brands.slug,
        name: brands.name,
        colour: brands.colour,
        modelCount: sql<number>`count(distinct ${models.id})::int`,
        minPrice: modelCardColumns.minPrice,
      })
      .from(brands)
      .innerJoin(models, and(eq(models.brandId, brands.id), bodyType ? eq(models.bodyType, bodyType) : undefined))
      .innerJoin(versions, and(eq(versions.modelId, models.id), eq(versions.onSale, true)))
      .groupBy(brands.id)
      .orderBy(sql`${brands.salesRank} asc nulls last`, asc(brands.name)),
  );
}
