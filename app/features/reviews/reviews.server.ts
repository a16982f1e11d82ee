// Reads of owner reviews: a model's summary and its reviews page by page (latest or most helpful),
// and the hub's lists. Only visible reviews count (hidden_at is null). Cached under the "reviews"
// tag and revision scope, which the writes invalidate and bump; helpful votes do neither (a vote
// must not empty every instance's page cache), so their counts and the "most helpful" order
// follow within REVIEWS_TTL_MS.
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { modelUrl } from "~/features/catalogue/urls";
import { cached, type RevisionScope } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { readDb } from "~/lib/db-replica.server";
import { brands, modelReviews, models, users, versions } from "../../../db/schema";
import type { BodyType } from "../../../db/schema/vocabulary";
import { authorLabel } from "./review-display";
import { BEST_RATED_MIN_REVIEWS, type ReviewCriterion, type ReviewScores, type ReviewSummary, roundScore, summariseReviews } from "./review-scores";
import { readModelReviewsQuery, type ReviewOrder } from "./urls";

/** The cache tag and revision scope of owner reviews. */
export const REVIEWS_TAG = "reviews" satisfies RevisionScope;
const REVIEWS_TTL_MS = 60_000;
const reviewsCache = { ttlMs: REVIEWS_TTL_MS, tags: [REVIEWS_TAG] };

/** Reviews per page on a model's page, and in the hub's lists. */
const MODEL_REVIEWS_PER_PAGE = 5;
const HUB_REVIEWS_PER_PAGE = 8;

/** The score columns under the criteria's vocabulary names. */
const criterionColumns = {
  comfort: modelReviews.comfort,
  performance: modelReviews.performance,
  "fuel-economy": modelReviews.fuelEconomy,
  reliability: modelReviews.reliability,
  practicality: modelReviews.practicality,
  "value-for-money": modelReviews.valueForMoney,
  "after-sales": modelReviews.afterSales,
} satisfies Record<ReviewCriterion, unknown>;

const visible = isNull(modelReviews.hiddenAt);

/** A review as the pages show it. */
export interface ReviewView {
  id: number;
  modelId: number;
  scores: ReviewScores;
  title: string;
  likes: string;
  dislikes: string;
  yearBought: number;
  kilometres: number;
  ownedMonths: number;
  recommends: boolean;
  helpfulCount: number;
  author: string;
  versionName: string | null;
  isDemo: boolean;
  /** ISO timestamps. */
  createdAt: string;
  updatedAt: string;
}

/** A review in a list of several models' reviews (the hub): with its model. */
interface ReviewWithModel extends ReviewView {
  modelName: string;
  brandName: string;
  modelPath: string;
}

// What the owner wrote: the review form's fields, read by the pages and by the form itself.
const writtenColumns = {
  id: modelReviews.id,
  modelId: modelReviews.modelId,
  overall: modelReviews.overall,
  ...criterionColumns,
  title: modelReviews.title,
  likes: modelReviews.likes,
  dislikes: modelReviews.dislikes,
  yearBought: modelReviews.yearBought,
  kilometres: modelReviews.kilometres,
  ownedMonths: modelReviews.ownedMonths,
  recommends: modelReviews.recommends,
};

const reviewColumns = {
  ...writtenColumns,
  helpfulCount: modelReviews.helpfulCount,
  isDemo: modelReviews.isDemo,
  createdAt: modelReviews.createdAt,
  updatedAt: modelReviews.updatedAt,
  authorName: users.name,
  versionName: versions.name,
};

type ReviewRow = { overall: number } & Record<ReviewCriterion, number> & {
  id: number;
  modelId: number;
  title: string;
  likes: string;
  dislikes: string;
  yearBought: number;
  kilometres: number;
  ownedMonths: number;
  recommends: boolean;
  helpfulCount: number;
  isDemo: boolean;
  createdAt: Date;
  updatedAt: Date;
  authorName: string;
  versionName: string | null;
};

function scoresOf(row: Pick<ReviewRow, "overall" | ReviewCriterion>): ReviewScores {
  return {
    overall: row.overall,
    comfort: row.comfort,
    performance: row.performance,
    "fuel-economy": row["fuel-economy"],
    reliability: row.reliability,
    practicality: row.practicality,
    "value-for-money": row["value-for-money"],
    "after-sales": row["after-sales"],
  };
}

function toView(row: ReviewRow): ReviewView {
  return {
    id: row.id,
    modelId: row.modelId,
    scores: scoresOf(row),
    title: row.title,
    likes: row.likes,
    dislikes: row.dislikes,
    yearBought: row.yearBought,
    kilometres: row.kilometres,
    ownedMonths: row.ownedMonths,
    recommends: row.recommends,
    helpfulCount: row.helpfulCount,
    author: authorLabel(row.authorName),
    versionName: row.versionName,
    isDemo: row.isDemo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const reviewOrderBy: Record<ReviewOrder, SQL[]> = {
  latest: [desc(modelReviews.createdAt), desc(modelReviews.id)],
  helpful: [desc(modelReviews.helpfulCount), desc(modelReviews.createdAt), desc(modelReviews.id)],
};

// ---------------------------------------------------------------------------------------------
// A model's reviews

/** What a model's visible reviews add up to. */
export function modelReviewSummary(modelId: number): Promise<ReviewSummary> {
  return cached(`reviews:summary:${modelId}`, reviewsCache, async () => {
    const rows = await db()
      .select({ overall: modelReviews.overall, ...criterionColumns, recommends: modelReviews.recommends })
      .from(modelReviews)
      .where(and(eq(modelReviews.modelId, modelId), visible));
    return summariseReviews(rows.map((r) => ({ ...scoresOf(r), recommends: r.recommends })));
  });
}

interface ReviewPage<T = ReviewView> {
  reviews: T[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of a model's visible reviews; a page past the end is the last page. */
export function modelReviewPage(modelId: number, order: ReviewOrder, page: number): Promise<ReviewPage> {
  return cached(`reviews:model:${modelId}:${order}:${page}`, reviewsCache, async () => {
    const where = and(eq(modelReviews.modelId, modelId), visible);
    const [totalRow] = await db().select({ n: count() }).from(modelReviews).where(where);
    const total = totalRow?.n ?? 0;
    const pageCount = Math.max(1, Math.ceil(total / MODEL_REVIEWS_PER_PAGE));
    const shown = Math.min(page, pageCount);
    const rows = await db()
      .select(reviewColumns)
      .from(modelReviews)
      .innerJoin(users, eq(users.id, modelReviews.userId))
      .leftJoin(versions, eq(versions.id, modelReviews.versionId))
      .where(where)
      .orderBy(...reviewOrderBy[order])
      .limit(MODEL_REVIEWS_PER_PAGE)
      .offset((shown - 1) * MODEL_REVIEWS_PER_PAGE);
    return { reviews: rows.map(toView), total, page: shown, pageCount };
  });
}

/** A model page's reviews section: the figures and the page and order its address asks for. */
export interface ModelReviewsData {
  summary: ReviewSummary;
  page: ReviewPage;
  order: ReviewOrder;
}

export async function modelReviewsSection(modelId: number, params: URLSearchParams): Promise<ModelReviewsData> {
  const query = readModelReviewsQuery(params);
  const [summary, page] = await Promise.all([modelReviewSummary(modelId), modelReviewPage(modelId, query.order, query.page)]);
  return { summary, page, order: query.order };
}

/** The page of its model's latest reviews a visible review is on; null when hidden or unknown. */
export async function latestPageOf(reviewId: number): Promise<number | null> {
  const [row] = await db()
    .select({ modelId: modelReviews.modelId, createdAt: modelReviews.createdAt, hiddenAt: modelReviews.hiddenAt })
    .from(modelReviews)
    .where(eq(modelReviews.id, reviewId))
    .limit(1);
  if (!row || row.hiddenAt) return null;
  // Newer reviews come first (ties by id, as in reviewOrderBy.latest).
  const [before] = await db()
    .select({ n: count() })
    .from(modelReviews)
    .where(
      and(
        eq(modelReviews.modelId, row.modelId),
        visible,
        sql`(${modelReviews.createdAt}, ${modelReviews.id}) > (${row.createdAt.toISOString()}::timestamptz, ${reviewId})`,
      ),
    );
  return Math.floor((before?.n ?? 0) / MODEL_REVIEWS_PER_PAGE) + 1;
}

// ---------------------------------------------------------------------------------------------
// The hub

export interface RatedModel {
  id: number;
  slug: string;
  name: string;
  bodyType: BodyType;
  colour: string;
  brandName: string;
  brandSlug: string;
  path: string;
  /** The average overall score, one decimal. */
  overall: number;
  reviewCount: number;
  recommendPercent: number;
}

const ratedModelColumns = {
  id: models.id,
  slug: models.slug,
  name: models.name,
  bodyType: models.bodyType,
  colour: models.colour,
  brandName: brands.name,
  brandSlug: brands.slug,
  overall: sql<number>`avg(${modelReviews.overall})::float8`,
  reviewCount: sql<number>`count(*)::int`,
  recommends: sql<number>`count(*) filter (where ${modelReviews.recommends})::int`,
};

function toRatedModel(row: { [K in keyof typeof ratedModelColumns]: unknown }): RatedModel {
  const r = row as { id: number; slug: string; name: string; bodyType: BodyType; colour: string; brandName: string; brandSlug: string; overall: number; reviewCount: number; recommends: number };
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    bodyType: r.bodyType,
    colour: r.colour,
    brandName: r.brandName,
    brandSlug: r.brandSlug,
    path: modelUrl(r.brandSlug, r),
    overall: roundScore(Number(r.overall)),
    reviewCount: Number(r.reviewCount),
    recommendPercent: Math.round((Number(r.recommends) / Math.max(1, Number(r.reviewCount))) * 100),
  };
}

/** Models with at least BEST_RATED_MIN_REVIEWS visible reviews, best average first (more reviews first on a tie). */
export function bestRatedModels(options: { bodyType?: BodyType; limit: number }): Promise<RatedModel[]> {
  return cached(`reviews:best:${options.bodyType ?? "all"}:${options.limit}`, reviewsCache, async () => {
    const rows = await db()
      .select(ratedModelColumns)
      .from(modelReviews)
      .innerJoin(models, eq(models.id, modelReviews.modelId))
      .innerJoin(brands, eq(brands.id, models.brandId))
      .where(and(visible, options.bodyType ? eq(models.bodyType, options.bodyType) : undefined))
      .groupBy(models.id, brands.id)
      .having(sql`count(*) >= ${BEST_RATED_MIN_REVIEWS}`)
      .orderBy(desc(sql`avg(${modelReviews.overall})`), desc(sql`count(*)`), asc(brands.name), asc(models.name))
      .limit(options.limit);
    return rows.map(toRatedModel);
  });
}

/** Body types with at least one model in the best-rated list, in the vocabulary's order of the caller. */
export function ratedBodyTypes(): Promise<{ bodyType: BodyType; models: number }[]> {
  return cached("reviews:rated-body-types", reviewsCache, async () => {
    const rated = db()
      .select({ modelId: modelReviews.modelId })
      .from(modelReviews)
      .where(visible)
      .groupBy(modelReviews.modelId)
      .having(sql`count(*) >= ${BEST_RATED_MIN_REVIEWS}`)
      .as("rated");
    const rows = await db()
      .select({ bodyType: models.bodyType, models: sql<number>`count(*)::int` })
      .from(rated)
      .innerJoin(models, eq(models.id, rated.modelId))
      .groupBy(models.bodyType);
    return rows.map((r) => ({ bodyType: r.bodyType, models: Number(r.models) }));
  });
}

export interface ReviewedBrand {
  id: number;
  slug: string;
  name: string;
  reviewCount: number;
}

/** Brands with visible reviews, by name. */
export function reviewedBrands(): Promise<ReviewedBrand[]> {
  return cached("reviews:brands", reviewsCache, async () => {
    const rows = await db()
      .select({ id: brands.id, slug: brands.slug, name: brands.name, reviewCount: sql<number>`count(*)::int` })
      .from(modelReviews)
      .innerJoin(models, eq(models.id, modelReviews.modelId))
      .innerJoin(brands, eq(brands.id, models.brandId))
      .where(visible)
      .groupBy(brands.id)
      .orderBy(asc(brands.name));
    return rows.map((r) => ({ ...r, reviewCount: Number(r.reviewCount) }));
  });
}

/** The latest visible reviews of every model, or of one brand's, page by page. */
export function latestReviews(options: { brandId?: number; page: number }): Promise<ReviewPage<ReviewWithModel>> {
  return cached(`reviews:latest:${options.brandId ?? "all"}:${options.page}`, reviewsCache, async () => {
    const where = and(visible, options.brandId === undefined ? undefined : eq(models.brandId, options.brandId));
    const [totalRow] = await db()
      .select({ n: count() })
      .from(modelReviews)
      .innerJoin(models, eq(models.id, modelReviews.modelId))
      .where(where);
    const total = totalRow?.n ?? 0;
    const pageCount = Math.max(1, Math.ceil(total / HUB_REVIEWS_PER_PAGE));
    const shown = Math.min(options.page, pageCount);
    const rows = await db()
      .select({ ...reviewColumns, modelName: models.name, modelSlug: models.slug, brandName: brands.name, brandSlug: brands.slug })
      .from(modelReviews)
      .innerJoin(users, eq(users.id, modelReviews.userId))
      .innerJoin(models, eq(models.id, modelReviews.modelId))
      .innerJoin(brands, eq(brands.id, models.brandId))
      .leftJoin(versions, eq(versions.id, modelReviews.versionId))
      .where(where)
      .orderBy(...reviewOrderBy.latest)
      .limit(HUB_REVIEWS_PER_PAGE)
      .offset((shown - 1) * HUB_REVIEWS_PER_PAGE);
    return {
      reviews: rows.map((row) => ({
        ...toView(row),
        modelName: row.modelName,
        brandName: row.brandName,
        modelPath: modelUrl(row.brandSlug, { id: row.modelId, slug: row.modelSlug }),
      })),
      total,
      page: shown,
      pageCount,
    };
  });
}

interface ModelReviewStats {
  modelId: number;
  reviewCount: number;
  /** Null without a visible review. */
  overall: number | null;
}

/** Review counts and averages of some models (the hub's search results), in no order. */
export async function reviewStatsOf(modelIds: readonly number[]): Promise<Map<number, ModelReviewStats>> {
  if (modelIds.length === 0) return new Map();
  const rows = await readDb()
    .select({ modelId: modelReviews.modelId, reviewCount: sql<number>`count(*)::int`, overall: sql<number>`avg(${modelReviews.overall})::float8` })
    .from(modelReviews)
    .where(and(visible, inArray(modelReviews.modelId, [...modelIds])))
    .groupBy(modelReviews.modelId);
  return new Map(rows.map((r) => [r.modelId, { modelId: r.modelId, reviewCount: Number(r.reviewCount), overall: roundScore(Number(r.overall)) }]));
}

// ---------------------------------------------------------------------------------------------
// The writer's side

interface ReviewTarget {
  id: number;
  slug: string;
  name: string;
  bodyType: BodyType;
  colour: string;
  launchYear: number;
  brandName: string;
  brandSlug: string;
  /** Every version of the model (an owner may drive one no longer sold), by name. */
  versions: { id: number; name: string }[];
}

/** The model a review is written about, with what the form offers; null for an unknown id. */
export async function reviewTarget(modelId: number): Promise<ReviewTarget | null> {
  const [model] = await db()
    .select({
      id: models.id,
      slug: models.slug,
      name: models.name,
      bodyType: models.bodyType,
      colour: models.colour,
      launchDate: models.launchDate,
      brandName: brands.name,
      brandSlug: brands.slug,
    })
    .from(models)
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(eq(models.id, modelId))
    .limit(1);
  if (!model) return null;
  const versionRows = await db()
    .select({ id: versions.id, name: versions.name })
    .from(versions)
    .where(eq(versions.modelId, modelId))
    .orderBy(asc(versions.name), asc(versions.id));
  const { launchDate, ...rest } = model;
  return { ...rest, launchYear: Number(String(launchDate).slice(0, 4)), versions: versionRows };
}

interface OwnReview {
  id: number;
  modelId: number;
  scores: ReviewScores;
  title: string;
  likes: string;
  dislikes: string;
  yearBought: number;
  kilometres: number;
  ownedMonths: number;
  recommends: boolean;
  versionId: number | null;
  hidden: boolean;
}

/** The review a user wrote of a model, hidden or not (the form starts from it); null when none. */
export async function ownReview(userId: string, modelId: number): Promise<OwnReview | null> {
  const [row] = await db()
    .select({ ...writtenColumns, versionId: modelReviews.versionId, hiddenAt: modelReviews.hiddenAt })
    .from(modelReviews)
    .where(and(eq(modelReviews.userId, userId), eq(modelReviews.modelId, modelId)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    modelId: row.modelId,
    scores: scoresOf(row),
    title: row.title,
    likes: row.likes,
    dislikes: row.dislikes,
    yearBought: row.yearBought,
    kilometres: row.kilometres,
    ownedMonths: row.ownedMonths,
    recommends: row.recommends,
    versionId: row.versionId,
    hidden: row.hiddenAt !== null,
  };
}

interface ReportTarget {
  id: number;
  title: string;
  author: string;
  userId: string;
  hidden: boolean;
  modelId: number;
  modelName: string;
  brandName: string;
  modelPath: string;
}

/** The review a reader reports, with its model for the page's words and way back; null when unknown. */
export async function reportTarget(reviewId: number): Promise<ReportTarget | null> {
  const [row] = await db()
    .select({
      id: modelReviews.id,
      title: modelReviews.title,
      authorName: users.name,
      userId: modelReviews.userId,
      hiddenAt: modelReviews.hiddenAt,
      modelId: models.id,
      modelSlug: models.slug,
      modelName: models.name,
      brandName: brands.name,
      brandSlug: brands.slug,
    })
    .from(modelReviews)
    .innerJoin(users, eq(users.id, modelReviews.userId))
    .innerJoin(models, eq(models.id, modelReviews.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(eq(modelReviews.id, reviewId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    author: authorLabel(row.authorName),
    userId: row.userId,
    hidden: row.hiddenAt !== null,
    modelId: row.modelId,
    modelName: row.modelName,
    brandName: row.brandName,
    modelPath: modelUrl(row.brandSlug, { id: row.modelId, slug: row.modelSlug }),
  };
}
