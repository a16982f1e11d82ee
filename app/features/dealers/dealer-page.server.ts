// The dealer page's data: the dealer, its brands, the catalogue's models of those brands with
// their prices (new-car dealers), its live used ads (dealers on the marketplace) and its buyers'
// ratings. The dealer's part is one cached object per id (tags "dealers" and "catalogue": the
// dealer importer and the catalogue importer both refresh it); the ads and ratings are read live,
// a page at a time.
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { modelCards } from "~/features/catalogue/model-cards.server";
import { canonicalRedirect, parseIdSlug } from "~/features/catalogue/page-rules";
import type { ModelCard } from "~/features/catalogue/types";
import { liveAdCards } from "~/features/marketplace/ad-cards.server";
import type { AdCardData } from "~/features/marketplace/types";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { readDb } from "~/lib/db-replica.server";
import { invalidParameter, routeNotFound } from "~/lib/errors";
import { brands, dealerBrands, dealerMembers, dealers, models, usedAds } from "../../../db/schema";
import type { DealerKind, DealerService, OpeningHours } from "../../../db/schema/vocabulary";
import { dealerRatingsPage } from "./ratings/ratings.server";
import { RATINGS_PAGE_PARAM } from "./ratings/urls";
import { dealerUrl } from "./urls";

export interface DealerDetail {
  id: number;
  slug: string;
  name: string;
  groupName: string | null;
  kind: DealerKind;
  sellsNew: boolean;
  sellsUsed: boolean;
  streetAddress: string;
  suburb: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  openingHours: OpeningHours | null;
  services: DealerService[];
  onMarketplace: boolean;
  isDemo: boolean;
  /** Written by its owner (issue 46): plain text. */
  description: string;
  logoKey: string | null;
  /** A claim was approved: the page shows "Verified dealer" (issue 46). */
  verified: boolean;
  /** No owner manages it on Voitura yet: the page offers "Is this your dealership?". */
  claimable: boolean;
}

export interface DealerBrand {
  id: number;
  slug: string;
  name: string;
}

interface DealerPageData {
  dealer: DealerDetail;
  brands: DealerBrand[];
  /** The models of its brands with a version on sale, by brand then popularity; empty unless it sells new cars. */
  newModels: ModelCard[];
}

const dealerColumns = {
  id: dealers.id,
  slug: dealers.slug,
  name: dealers.name,
  groupName: dealers.groupName,
  kind: dealers.kind,
  sellsNew: dealers.sellsNew,
  sellsUsed: dealers.sellsUsed,
  streetAddress: dealers.streetAddress,
  suburb: dealers.suburb,
  city: dealers.city,
  province: dealers.province,
  postalCode: dealers.postalCode,
  phone: dealers.phone,
  email: dealers.email,
  website: dealers.website,
  openingHours: dealers.openingHours,
  services: dealers.services,
  onMarketplace: dealers.onMarketplace,
  isDemo: dealers.isDemo,
  description: dealers.description,
  logoKey: dealers.logoKey,
  verified: sql<boolean>`${dealers.verifiedAt} is not null`,
  claimable: sql<boolean>`not exists (select 1 from ${dealerMembers} m where m.dealer_id = ${dealers.id} and m.role = 'owner')`,
};

/** A brand's models shown on a dealer page at most (the brand page lists the rest). */
const MODELS_PER_BRAND = 12;

function dealerPage(dealerId: number): Promise<DealerPageData | null> {
  return cached(`dealers:page:${dealerId}`, { ttlMs: 10 * 60_000, tags: ["dealers", "catalogue"] }, async () => {
    const [dealerRows, brandRows] = await Promise.all([
      db().select(dealerColumns).from(dealers).where(eq(dealers.id, dealerId)).limit(1),
      db()
        .select({ id: brands.id, slug: brands.slug, name: brands.name })
        .from(dealerBrands)
        .innerJoin(brands, eq(brands.id, dealerBrands.brandId))
        .where(eq(dealerBrands.dealerId, dealerId))
        .orderBy(asc(brands.name)),
    ]);
    const dealer = dealerRows[0];
    if (!dealer) return null;
    let newModels: ModelCard[] = [];
    if (dealer.sellsNew && brandRows.length > 0) {
      const cards = await modelCards(
        inArray(
          models.brandId,
          brandRows.map((b) => b.id),
        ),
        [asc(brands.name), desc(models.popularity), asc(models.name), asc(models.id)],
        MODELS_PER_BRAND * brandRows.length + 50,
      );
      const perBrand = new Map<number, number>();
      newModels = cards.filter((card) => {
        const n = (perBrand.get(card.brandId) ?? 0) + 1;
        perBrand.set(card.brandId, n);
        return n <= MODELS_PER_BRAND;
      });
    }
    return { dealer, brands: brandRows, newModels };
  });
}

export interface DealerAds {
  /** Live ads of the dealer. */
  total: number;
  page: number;
  pageCount: number;
  perPage: number;
  ads: AdCardData[];
}

export const DEALER_ADS_PER_PAGE = 12;

/** One page of a dealer's live used ads, newest first. */
async function dealerAds(dealerId: number, page: number): Promise<DealerAds> {
  const live = and(eq(usedAds.dealerId, dealerId), eq(usedAds.status, "published"));
  const [[counted], rows] = await Promise.all([
    readDb().select({ total: count() }).from(usedAds).where(live),
    readDb()
      .select({ id: usedAds.id })
      .from(usedAds)
      .where(live)
      .orderBy(desc(usedAds.publishedAt), desc(usedAds.id))
      .limit(DEALER_ADS_PER_PAGE)
      .offset((page - 1) * DEALER_ADS_PER_PAGE),
  ]);
  const total = counted?.total ?? 0;
  return {
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / DEALER_ADS_PER_PAGE)),
    perPage: DEALER_ADS_PER_PAGE,
    ads: await liveAdCards(rows.map((r) => r.id)),
  };
}

/** A page query parameter (the ads' `page`, the ratings' `avis`): absent is 1; anything but a whole number from 1 is the 404 page, as on the news lists. */
function parsePageParam(url: URL, name: string): number {
  const values = url.searchParams.getAll(name);
  if (values.length === 0) return 1;
  if (values.length > 1 || !/^[1-9]\d{0,4}$/.test(values[0]!)) invalidParameter(url.pathname);
  return Number(values[0]);
}

/** The loader's work: the id checked (else the 404 page), a stale slug 301'd, the ads' page read. */
export async function loadDealerPage(request: Request, params: { dealerIdSlug?: string }) {
  const url = new URL(request.url);
  const { id } = parseIdSlug(params.dealerIdSlug, url.pathname);
  const page = await dealerPage(id);
  if (!page) routeNotFound(url.pathname);
  const canonicalPath = dealerUrl(page.dealer);
  const target = canonicalRedirect(url, canonicalPath);
  if (target) throw redirect(target, 301);
  const adsPage = parsePageParam(url, "page");
  const ratingsPage = parsePageParam(url, RATINGS_PAGE_PARAM);
  const [ads, ratings] = await Promise.all([page.dealer.onMarketplace ? dealerAds(id, adsPage) : null, dealerRatingsPage(id, ratingsPage, readDb())]);
  // Past the last page of ads (or a page of ads of a dealer that has none), or of ratings, is no page.
  if ((ads && adsPage > ads.pageCount) || (!ads && adsPage > 1) || ratingsPage > ratings.pageCount) routeNotFound(url.pathname);
  return { ...page, ads, ratings, canonicalPath };
}
