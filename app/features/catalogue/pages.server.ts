// Reads of the brand, model and version pages. Each page is one cached object per id (tag
// "catalogue", so the importer's invalidate() refreshes them), built from a few queries that
// select only what the page shows; sorting and filtering happen on the cached rows.
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { brands, models, priceHistory, versions } from "../../../db/schema";
import { modelCards } from "./model-cards.server";
import { canonicalRedirect, parseBrandSort, parseIdSlug, parseVersionFilters, rankSimilar, sortModelCards } from "./page-rules";
import type { SpecVersion } from "./spec-groups";
import type { ModelCard } from "./types";
import { brandUrl, modelUrl, versionUrl } from "./urls";

/** Every column the grouped specification reads (spec-groups.ts), for a select. */
export const specVersionColumns = {
  priceZar: versions.priceZar,
  fuel: versions.fuel,
  transmission: versions.transmission,
  gears: versions.gears,
  drive: versions.drive,
  engineCc: versions.engineCc,
  cylinders: versions.cylinders,
  powerKw: versions.powerKw,
  torqueNm: versions.torqueNm,
  accel0To100S: versions.accel0To100S,
  topSpeedKmh: versions.topSpeedKmh,
  consumptionL100km: versions.consumptionL100km,
  electricConsumptionKwh100km: versions.electricConsumptionKwh100km,
  co2GKm: versions.co2GKm,
  batteryKwh: versions.batteryKwh,
  rangeKm: versions.rangeKm,
  lengthMm: versions.lengthMm,
  widthMm: versions.widthMm,
  heightMm: versions.heightMm,
  wheelbaseMm: versions.wheelbaseMm,
  groundClearanceMm: versions.groundClearanceMm,
  bootL: versions.bootL,
  tankL: versions.tankL,
  massKg: versions.massKg,
  towingKg: versions.towingKg,
  seats: versions.seats,
  doors: versions.doors,
  warrantyYears: versions.warrantyYears,
  warrantyKm: versions.warrantyKm,
  servicePlanYears: versions.servicePlanYears,
  servicePlanKm: versions.servicePlanKm,
  equipment: versions.equipment,
} satisfies Record<keyof SpecVersion, unknown>;

const PAGE_TTL_MS = 10 * 60_000;
const pageCache = { ttlMs: PAGE_TTL_MS, tags: ["catalogue"] };

// ---------------------------------------------------------------------------------------------
// Brand page

interface BrandDetail {
  id: number;
  slug: string;
  name: string;
  country: string;
  description: string;
  logoPath: string | null;
  colour: string;
}

interface BrandPageData {
  brand: BrandDetail;
  /** Models with at least one version on sale, most popular first. */
  models: ModelCard[];
  /** Lowest price on sale across the brand; null without any. */
  minPrice: number | null;
}

export function brandPage(brandId: number): Promise<BrandPageData | null> {
  return cached(`catalogue:page:brand:${brandId}`, pageCache, async () => {
    const [brandRows, cards] = await Promise.all([
      db()
        .select({
          id: brands.id,
          slug: brands.slug,
          name: brands.name,
          country: brands.country,
          description: brands.description,
          logoPath: brands.logoPath,
          colour: brands.colour,
        })
        .from(brands)
        .where(eq(brands.id, brandId))
        .limit(1),
      modelCards(eq(models.brandId, brandId), [desc(models.popularity), asc(models.name), asc(models.id)], 500),
    ]);
    const brand = brandRows[0];
    if (!brand) return null;
    return { brand, models: cards, minPrice: cards.length ? Math.min(...cards.map((c) => c.minPrice)) : null };
  });
}

// ---------------------------------------------------------------------------------------------
// Model page

interface ModelDetail {
  id: number;
  slug: string;
  name: string;
  bodyType: (typeof models.$inferSelect)["bodyType"];
  segment: string;
  description: string;
  launchDate: string;
  colour: string;
  isNewArrival: boolean;
  brandId: number;
  brandSlug: string;
  brandName: string;
}

/** A row of the model page's versions table (and what its key figures read). */
export interface VersionSummary {
  id: number;
  slug: string;
  name: string;
  priceZar: number;
  fuel: SpecVersion["fuel"];
  transmission: SpecVersion["transmission"];
  gears: number | null;
  drive: SpecVersion["drive"];
  powerKw: number;
  accel0To100S: number;
  consumptionL100km: number | null;
  electricConsumptionKwh100km: number | null;
  rangeKm: number | null;
  bootL: number;
}

interface ModelPageData {
  model: ModelDetail;
  /** Versions on sale, cheapest first. Versions no longer on sale keep their own page but leave the list. */
  versions: VersionSummary[];
  similar: ModelCard[];
}

const modelDetailColumns = {
  id: models.id,
  slug: models.slug,
  name: models.name,
  bodyType: models.bodyType,
  segment: models.segment,
  description: models.description,
  launchDate: models.launchDate,
  colour: models.colour,
  isNewArrival: models.isNewArrival,
  brandId: brands.id,
  brandSlug: brands.slug,
  brandName: brands.name,
};

const versionSummaryColumns = {
  id: versions.id,
  slug: versions.slug,
  name: versions.name,
  priceZar: versions.priceZar,
  fuel: versions.fuel,
  transmission: versions.transmission,
  gears: versions.gears,
  drive: versions.drive,
  powerKw: versions.powerKw,
  accel0To100S: versions.accel0To100S,
  consumptionL100km: versions.consumptionL100km,
  electricConsumptionKwh100km: versions.electricConsumptionKwh100km,
  rangeKm: versions.rangeKm,
  bootL: versions.bootL,
};

/** Up to this many candidates of the same body type are ranked for "similar models". */
const SIMILAR_CANDIDATES = 200;

export function modelPage(modelId: number): Promise<ModelPageData | null> {
  return cached(`catalogue:page:model:${modelId}`, pageCache, async () => {
    const [modelRows, versionRows] = await Promise.all([
      db().select(modelDetailColumns).from(models).innerJoin(brands, eq(brands.id, models.brandId)).where(eq(models.id, modelId)).limit(1),
      db()
        .select(versionSummaryColumns)
        .from(versions)
        .where(and(eq(versions.modelId, modelId), eq(versions.onSale, true)))
        .orderBy(asc(versions.priceZar), asc(versions.name), asc(versions.id)),
    ]);
    const model = modelRows[0];
    if (!model) return null;
    const candidates = await modelCards(
      and(eq(models.bodyType, model.bodyType), ne(models.id, model.id)),
      [desc(models.popularity), asc(models.id)],
      SIMILAR_CANDIDATES,
    );
    const minPrice = versionRows.length ? versionRows[0]!.priceZar : null;
    return { model, versions: versionRows, similar: rankSimilar({ id: model.id, brandId: model.brandId, minPrice }, candidates, 4) };
  });
}

// ---------------------------------------------------------------------------------------------
// Version page

interface VersionDetail extends SpecVersion {
  id: number;
  slug: string;
  name: string;
  onSale: boolean;
}

interface PricePoint {
  priceZar: number;
  /** YYYY-MM-DD */
  effectiveOn: string;
}

interface SiblingVersion {
  id: number;
  slug: string;
  name: string;
  priceZar: number;
  fuel: SpecVersion["fuel"];
  transmission: SpecVersion["transmission"];
}

interface VersionPageData {
  version: VersionDetail;
  model: Omit<ModelDetail, "segment" | "launchDate" | "isNewArrival">;
  /** Oldest first. */
  priceHistory: PricePoint[];
  /** The model's other versions on sale, cheapest first. */
  siblings: SiblingVersion[];
}

export function versionPage(versionId: number): Promise<VersionPageData | null> {
  return cached(`catalogue:page:version:${versionId}`, pageCache, async () => {
    // The version's model id as a subquery, so all three reads run at once.
    const modelOfVersion = sql`(select ${versions.modelId} from ${versions} where ${versions.id} = ${versionId})`;
    const [rows, history, siblings] = await Promise.all([
      db()
        .select({
          version: {
            id: versions.id,
            slug: versions.slug,
            name: versions.name,
            onSale: versions.onSale,
            ...specVersionColumns,
          },
          model: {
            id: models.id,
            slug: models.slug,
            name: models.name,
            bodyType: models.bodyType,
            description: models.description,
            colour: models.colour,
            brandId: brands.id,
            brandSlug: brands.slug,
            brandName: brands.name,
          },
        })
        .from(versions)
        .innerJoin(models, eq(models.id, versions.modelId))
        .innerJoin(brands, eq(brands.id, models.brandId))
        .where(eq(versions.id, versionId))
        .limit(1),
      db()
        .select({ priceZar: priceHistory.priceZar, effectiveOn: priceHistory.effectiveOn })
        .from(priceHistory)
        .where(eq(priceHistory.versionId, versionId))
        .orderBy(asc(priceHistory.effectiveOn), asc(priceHistory.id)),
      db()
        .select({
          id: versions.id,
          slug: versions.slug,
          name: versions.name,
          priceZar: versions.priceZar,
          fuel: versions.fuel,
          transmission: versions.transmission,
        })
        .from(versions)
        .where(and(sql`${versions.modelId} = ${modelOfVersion}`, eq(versions.onSale, true), ne(versions.id, versionId)))
        .orderBy(asc(versions.priceZar), asc(versions.name), asc(versions.id)),
    ]);
    const row = rows[0];
    if (!row) return null;
    return { version: row.version, model: row.model, priceHistory: history, siblings };
  });
}

// ---------------------------------------------------------------------------------------------
// Loaders: parameters in, page data out, or the spec's 404 / a 301 to the canonical URL.

/** Thrown responses carry a 301 to `location`; decode one in tests with `response.headers.get("Location")`. */
function redirectTo(location: string): never {
  throw redirect(location, 301);
}

export async function loadBrandPage(request: Request, params: { brandSlug?: string; brandId?: string }) {
  const url = new URL(request.url);
  const id = parseNumericId(params.brandId, url.pathname);
  const sort = parseBrandSort(url.searchParams);
  const page = await brandPage(id);
  if (!page) routeNotFound(url.pathname);
  const canonicalPath = brandUrl(page.brand);
  const target = canonicalRedirect(url, canonicalPath);
  if (target) redirectTo(target);
  return { ...page, models: sortModelCards(page.models, sort), sort, canonicalPath };
}

export async function loadModelPage(request: Request, params: { brandSlug?: string; modelIdSlug?: string }) {
  const url = new URL(request.url);
  const { id } = parseIdSlug(params.modelIdSlug, url.pathname);
  const filters = parseVersionFilters(url.searchParams);
  const page = await modelPage(id);
  if (!page) routeNotFound(url.pathname);
  const canonicalPath = modelUrl(page.model.brandSlug, page.model);
  const target = canonicalRedirect(url, canonicalPath);
  if (target) redirectTo(target);
  return { ...page, filters, canonicalPath };
}

/** `subPath` names a page under the version's own (its cost of ownership): stale slugs land there. */
export async function loadVersionPage(request: Request, params: { brandSlug?: string; modelSlug?: string; versionIdSlug?: string }, subPath = "") {
  const url = new URL(request.url);
  const { id } = parseIdSlug(params.versionIdSlug, url.pathname);
  const page = await versionPage(id);
  if (!page) routeNotFound(url.pathname);
  // A stale brand, model or version slug, or the version asked for under another model, all
  // end up on the one canonical URL.
  const canonicalPath = versionUrl(page.model.brandSlug, page.model.slug, page.version);
  const target = canonicalRedirect(url, canonicalPath + subPath);
  if (target) redirectTo(target);
  return { ...page, canonicalPath, today: new Date().toISOString().slice(0, 10) };
}
