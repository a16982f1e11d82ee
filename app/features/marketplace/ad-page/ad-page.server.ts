import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { modelUrl } from "~/features/catalogue/urls";
import { db, resultRows, type Executor } from "~/lib/db.server";
import { readDb } from "~/lib/db-replica.server";
import { invalidParameter, routeNotFound } from "~/lib/errors";
import { brands, dealers, models, usedAdPhotos, usedAdPrices, usedAds, users, versions } from "../../../../db/schema";
import type { AdDrive, AdStatus, ServiceHistory } from "../../../../db/schema/marketplace";
import type { BodyType, FuelType, Transmission } from "../../../../db/schema/catalogue";
import { catalogueAnswer } from "~/features/catalogue/catalogue-memo.server";
import { adCardsByIds, liveAdCards } from "../ad-cards.server";
import { MIN_COMPARABLES, priceRatingReason } from "../pricing/price-rating";
import { calendarDaysBetween, type PricePoint } from "../pricing/price-history";
import { nameSlug } from "../search/search-engine";
import { searchIndex } from "../search/search-index.server";
import { usedSearchUrl, usedSearchWith } from "../search/search-params";
import type { AdCardData, AdPhoto } from "../types";
import { adUrl, parseAdIdSlug } from "../urls";
import { dailyIncrement } from "../ad-daily-stats.server";

// The ad page's data: the ad with its photos, who sells it (never their address or number: the
// number comes through the counted reveal), its catalogue model with the new price, the reason of
// its price rating, and similar ads. The loader turns the ad's state into the page's answer.

export interface AdDetail {
  id: number;
  slug: string;
  status: AdStatus;
  title: string;
  makeName: string;
  modelName: string;
  variant: string;
  year: number;
  mileageKm: number;
  priceZar: number;
  previousPriceZar: number | null;
  negotiable: boolean;
  fuel: FuelType;
  transmission: Transmission;
  bodyType: BodyType;
  drive: AdDrive;
  colour: string;
  engineCc: number | null;
  doors: number | null;
  seats: number | null;
  serviceHistory: ServiceHistory;
  previousOwners: number | null;
  province: string;
  city: string;
  description: string;
  equipment: string[];
  priceRating: number;
  isDemo: boolean;
  publishedAt: string | null;
  soldAt: string | null;
  viewCount: number;
  hasPhone: boolean;
}

export type AdSeller =
  | { kind: "private"; firstName: string; memberSince: number }
  | { kind: "dealer"; id: number; slug: string; name: string; city: string; province: string; verified: boolean };

interface AdCatalogueLink {
  brandId: number;
  brandName: string;
  brandSlug: string;
  modelId: number;
  modelName: string;
  modelSlug: string;
  /** The new-car model page. */
  path: string;
  /** The model's cheapest version on sale; null when none is. */
  newPriceFrom: number | null;
}

export interface AdPriceRatingInfo {
  /** 0 none, 1 great … 4 high. */
  code: number;
  /** One sentence; says why there is no rating when there is none. */
  reason: string;
  /** The comparables' median price and count (the buyer's low-price note); null without a rating. */
  median: number | null;
  comparables: number | null;
}

export interface AdPageData {
  ad: AdDetail;
  photos: AdPhoto[];
  seller: AdSeller;
  catalogue: AdCatalogueLink | null;
  rating: AdPriceRatingInfo;
  similar: AdCardData[];
  /** The used-car search for this ad's make (the breadcrumb and the 410 page link to it). */
  makeSearchPath: string;
  /** Every price the ad asked, oldest first (its price history). */
  priceHistory: PricePoint[];
  /** Calendar days since it was published (South Africa), counted when the page is read; null if never published. */
  listedDays: number | null;
}

export const NO_RATING_REASON = `No price rating: fewer than ${MIN_COMPARABLES} similar ads`;
const SIMILAR_MIN = 4;
export const SIMILAR_MAX = 8;

/** The first word of a display name: what a buyer sees of a private seller. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || "Private seller";
}

/** The lowest price of a model's versions on sale. */
function newPriceFrom(executor: Executor, modelId: number): Promise<number | null> {
  return executor
    .select({ min: sql<number | null>`min(${versions.priceZar})::int` })
    .from(versions)
    .where(and(eq(versions.modelId, modelId), eq(versions.onSale, true)))
    .then((rows) => rows[0]?.min ?? null);
}

// Every column of the ad but its search vector (a few hundred bytes of text the page never reads).
const { searchVector: _searchVector, ...adPageColumns } = getTableColumns(usedAds);

/** The ad with who sells it and its catalogue names, for the ad whose id is the placeholder `id`. */
function adRowQuery(executor: Executor) {
  return executor
    .select({
      ad: adPageColumns,
      sellerName: users.name,
      sellerSince: users.createdAt,
      dealerId: dealers.id,
      dealerSlug: dealers.slug,
      dealerName: dealers.name,
      dealerCity: dealers.city,
      dealerProvince: dealers.province,
      dealerVerified: sql<boolean>`${dealers.verifiedAt} is not null`,
      brandName: brands.name,
      brandSlug: brands.slug,
      catalogueModelName: models.name,
      modelSlug: models.slug,
      // The photos in the same read: one exchange with the database instead of two.
      photos: sql<AdPhoto[]>`(select coalesce(json_agg(json_build_object('storageKey', ${usedAdPhotos.storageKey}, 'width', ${usedAdPhotos.width}, 'height', ${usedAdPhotos.height}, 'alt', ${usedAdPhotos.alt}) order by ${usedAdPhotos.position}), '[]'::json) from ${usedAdPhotos} where ${usedAdPhotos.adId} = ${usedAds.id})`,
      // And its price history (used_ad_prices_ad_idx): a few rows.
      priceHistory: sql<PricePoint[]>`(select coalesce(json_agg(json_build_object('priceZar', ${usedAdPrices.priceZar}, 'changedAt', ${usedAdPrices.changedAt}) order by ${usedAdPrices.changedAt}, ${usedAdPrices.id}), '[]'::json) from ${usedAdPrices} where ${usedAdPrices.adId} = ${usedAds.id})`,
    })
    .from(usedAds)
    .leftJoin(users, eq(users.id, usedAds.sellerUserId))
    .leftJoin(dealers, eq(dealers.id, usedAds.dealerId))
    .leftJoin(brands, eq(brands.id, usedAds.brandId))
    .leftJoin(models, eq(models.id, usedAds.modelId))
    .where(eq(usedAds.id, sql.placeholder("id")))
    .limit(1);
}

// Building a query's text costs Drizzle as much as the embedded database's run of it (0.15 ms for
// the ad's row): the page's read is built once per database (the primary, the replica).
const preparedReads = new WeakMap<Executor, ReturnType<typeof prepareAdReads>>();

function prepareAdReads(executor: Executor) {
  return { adRow: adRowQuery(executor).prepare("ad_page_row") };
}

/** The page's read: through the given transaction (built for it), else where anonymous pages read (built once). */
function adReads(given: Executor | undefined) {
  if (given) return prepareAdReads(given);
  const database = readDb();
  let reads = preparedReads.get(database);
  if (!reads) preparedReads.set(database, (reads = prepareAdReads(database)));
  return reads;
}

/**
 * The ad page's data, whatever the ad's state; null when no ad has this id. Given an executor (a
 * transaction), everything is read through it; otherwise the ad is read where anonymous pages read
 * (the replica when there is one), and the similar ads' cards and the new price come from what the
 * app keeps in memory (filled from the primary, decision 019).
 */
export async function adPage(id: number, given?: Executor): Promise<AdPageData | null> {
  const reads = adReads(given);
  const [row] = await reads.adRow.execute({ id });
  if (!row) return null;
  const { ad } = row;

  // Both drivers (PGlite, postgres.js) hand json back parsed.
  const { photos } = row;
  // json_build_object writes the moment in the session's zone: read back as ISO strings in UTC.
  const priceHistory = row.priceHistory.map((p) => ({ priceZar: Number(p.priceZar), changedAt: new Date(p.changedAt).toISOString() }));
  const [newPrice, similar] = await Promise.all([
    ad.modelId === null
      ? Promise.resolve(null)
      : given
        ? newPriceFrom(given, ad.modelId)
        : catalogueAnswer(`new-price-from:${ad.modelId}`, () => newPriceFrom(db(), ad.modelId!)),
    similarAds(ad, given ? (ids) => adCardsByIds(given, ids) : liveAdCards),
  ]);

  const seller: AdSeller =
    ad.sellerKind === "dealer" && row.dealerId !== null && row.dealerSlug !== null
      ? { kind: "dealer", id: row.dealerId, slug: row.dealerSlug, name: row.dealerName ?? "Dealer", city: row.dealerCity ?? ad.city, province: row.dealerProvince ?? ad.province, verified: row.dealerVerified === true }
      : {
          kind: "private",
          firstName: firstNameOf(row.sellerName ?? ""),
          memberSince: (row.sellerSince ?? ad.createdAt).getUTCFullYear(),
        };

  const catalogue: AdCatalogueLink | null =
    ad.brandId !== null && ad.modelId !== null && row.brandSlug && row.modelSlug
      ? {
          brandId: ad.brandId,
          brandName: row.brandName ?? ad.makeName,
          brandSlug: row.brandSlug,
          modelId: ad.modelId,
          modelName: row.catalogueModelName ?? ad.modelName,
          modelSlug: row.modelSlug,
          path: modelUrl(row.brandSlug, { id: ad.modelId, slug: row.modelSlug }),
          newPriceFrom: newPrice,
        }
      : null;

  const rated = ad.priceRating > 0 && ad.ratingMedian !== null && (ad.ratingComparables ?? 0) >= MIN_COMPARABLES;
  const rating: AdPriceRatingInfo = rated
    ? {
        code: ad.priceRating,
        reason: priceRatingReason({
          price: ad.priceZar,
          median: ad.ratingMedian!,
          comparables: ad.ratingComparables!,
          year: ad.year,
          mileageKm: ad.mileageKm,
          modelName: ad.modelName,
        }),
        median: ad.ratingMedian!,
        comparables: ad.ratingComparables!,
      }
    : { code: 0, reason: NO_RATING_REASON, median: null, comparables: null };

  return {
    ad: {
      id: ad.id,
      slug: ad.slug,
      status: ad.status,
      title: ad.title,
      makeName: ad.makeName,
      modelName: ad.modelName,
      variant: ad.variant,
      year: ad.year,
      mileageKm: ad.mileageKm,
      priceZar: ad.priceZar,
      previousPriceZar: ad.previousPriceZar,
      negotiable: ad.negotiable,
      fuel: ad.fuel,
      transmission: ad.transmission,
      bodyType: ad.bodyType,
      drive: ad.drive,
      colour: ad.colour,
      engineCc: ad.engineCc,
      doors: ad.doors,
      seats: ad.seats,
      serviceHistory: ad.serviceHistory,
      previousOwners: ad.previousOwners,
      province: ad.province,
      city: ad.city,
      description: ad.description,
      equipment: ad.equipment,
      priceRating: ad.priceRating,
      isDemo: ad.isDemo,
      publishedAt: ad.publishedAt?.toISOString() ?? null,
      soldAt: ad.soldAt?.toISOString() ?? null,
      viewCount: ad.viewCount,
      // A seller who chose not to show the number gets no reveal button (and the reveal refuses).
      hasPhone: Boolean(ad.phone) && ad.showPhone,
    },
    photos,
    seller,
    catalogue,
    rating,
    similar,
    makeSearchPath: usedSearchUrl(usedSearchWith({ vehicles: [{ make: nameSlug(ad.makeName) }] })),
    priceHistory,
    listedDays: ad.publishedAt ? Math.max(0, calendarDaysBetween(ad.publishedAt, new Date())) : null,
  };
}

type AdRow = typeof usedAds.$inferSelect;

/**
 * Up to eight published ads like this one, nearest in price: the same make and model first, then
 * the same body type within a budget of +/- 30 %. Found in the search index (decision 011: it
 * follows writes within seconds, as the search pages do) rather than by two queries the embedded
 * database would plan again on every ad page (decision 012).
 */
async function similarAds(
  ad: Pick<AdRow, "id" | "makeName" | "modelName" | "bodyType" | "priceZar">,
  cardsOf: (ids: number[]) => Promise<AdCardData[]>,
): Promise<AdCardData[]> {
  const { index } = await searchIndex();
  const ids = index.nearestInPrice({ makeName: ad.makeName, modelName: ad.modelName }, ad.priceZar, ad.id, SIMILAR_MAX);
  if (ids.length < SIMILAR_MIN) {
    const budget = { bodyType: ad.bodyType, priceMin: Math.floor(ad.priceZar * 0.7), priceMax: Math.ceil(ad.priceZar * 1.3) };
    for (const id of index.nearestInPrice(budget, ad.priceZar, ad.id, SIMILAR_MAX)) if (!ids.includes(id) && ids.length < SIMILAR_MAX) ids.push(id);
  }
  return cardsOf(ids);
}

// ---------------------------------------------------------------------------------------------
// The loader's rules.

/** What a buyer may still see of an ad that is off sale: which car it was, never its seller, price, words or photos. */
export interface WithdrawnAd {
  id: number;
  slug: string;
  status: Extract<AdStatus, "removed" | "expired" | "under_review">;
  title: string;
  makeName: string;
  modelName: string;
  year: number;
}

export type AdPageAnswer =
  | (AdPageData & { canonicalPath: string; withdrawn: false })
  | { withdrawn: true; ad: WithdrawnAd; similar: AdCardData[]; canonicalPath: string; makeSearchPath: string };

const WITHDRAWN = new Set<AdStatus>(["removed", "expired", "under_review"]);

/** The HTTP status of an ad page's answer: under review is a page that says so; removed and expired ads are gone. */
export function adPageStatus(page: AdPageAnswer): 200 | 410 {
  return page.withdrawn && page.ad.status !== "under_review" ? 410 : 200;
}

/**
 * The route's answer for /marche-doccasion/annonce/{id}-{slug}: a non-numeric id is the spec's
 * 404, an unknown id, a draft or a paused ad (its seller has it in My ads) the 404 page, a stale
 * or missing slug a 301 to the canonical URL; a removed, expired or under-review ad answers only
 * which car it was, with similar ads (its page and its .data carry nothing else); sold and
 * published ads are pages.
 */
/** `subPath` names a page under the ad's own (its cost of ownership): a stale slug lands there. */
export async function loadAdPage(request: Request, params: { adIdSlug?: string }, subPath = ""): Promise<AdPageAnswer> {
  const url = new URL(request.url);
  const parsed = parseAdIdSlug(params.adIdSlug);
  if (!parsed) invalidParameter(url.pathname);
  const page = await adPage(parsed.id);
  if (!page || page.ad.status === "draft" || page.ad.status === "paused") routeNotFound(url.pathname);
  const canonicalPath = adUrl(page.ad);
  if (parsed.slug !== page.ad.slug) throw redirect(`${canonicalPath}${subPath}${url.search}`, 301);
  if (!WITHDRAWN.has(page.ad.status)) return { ...page, canonicalPath, withdrawn: false };
  const { id, slug, title, makeName, modelName, year } = page.ad;
  return {
    withdrawn: true,
    ad: { id, slug, status: page.ad.status as WithdrawnAd["status"], title, makeName, modelName, year },
    similar: page.similar,
    canonicalPath,
    makeSearchPath: page.makeSearchPath,
  };
}

/**
 * One view, counted from the page's beacon (the page itself may come from a cache). One statement
 * that leaves updated_at alone, so the search index does not take it for a change, and adds the
 * view to the ad's South African day as well.
 */
export async function recordAdView(id: number, executor: Executor = db()): Promise<boolean> {
  const rows = resultRows<{ id: number }>(
    await executor.execute(sql`with counted as (
        update used_ads set view_count = view_count + 1
        where id = ${id} and status in ('published', 'sold')
        returning id
      ), daily as (${dailyIncrement("views")})
      select id from counted`),
  );
  return rows.length > 0;
}
