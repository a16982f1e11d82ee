import { modelUrl } from "~/features/catalogue/urls";
import { searchSuggestions } from "~/features/search/suggestions.server";
import type { BodyType } from "../../../db/schema/vocabulary";
import { bestRatedModels, latestReviews, type RatedModel, ratedBodyTypes, reviewedBrands, reviewStatsOf } from "./reviews.server";
import { type HubQuery, readHubQuery } from "./urls";

// The owner-reviews hub (/guide-auto/avis-des-automobilistes): the best-rated models overall and
// of one body type, the latest reviews of every brand or one, and a search for a model, all from
// the address (?q=, ?carrosserie=, ?marque=, ?page=). Unknown values are dropped with a notice.

const BEST_RATED_LIMIT = 10;
const SEARCH_LIMIT = 8;

export interface ModelSearchResult {
  id: number;
  label: string;
  path: string;
  reviewCount: number;
  overall: number | null;
}

async function searchReviewedModels(q: string): Promise<ModelSearchResult[]> {
  const found = (await searchSuggestions(q)).filter((s) => s.type === "model").slice(0, SEARCH_LIMIT);
  const stats = await reviewStatsOf(found.map((m) => m.model_id));
  return found.map((m) => {
    const stat = stats.get(m.model_id);
    return {
      id: m.model_id,
      label: `${m.brand_name} ${m.model_name}`,
      path: modelUrl(m.brand_slug, { id: m.model_id, slug: m.model_slug }),
      reviewCount: stat?.reviewCount ?? 0,
      overall: stat?.overall ?? null,
    };
  });
}

export async function loadOwnerReviewsHub(request: Request) {
  const query: HubQuery = readHubQuery(new URL(request.url).searchParams);
  const brands = await reviewedBrands();
  const brand = query.brandSlug ? brands.find((b) => b.slug === query.brandSlug) : undefined;
  const dropped = [...query.dropped];
  if (query.brandSlug && !brand) dropped.push("brand");
  const [bodyTypes, best, latest, search] = await Promise.all([
    ratedBodyTypes(),
    bestRatedModels({ bodyType: query.bodyType, limit: BEST_RATED_LIMIT }),
    latestReviews({ brandId: brand?.id, page: query.page }),
    query.q ? searchReviewedModels(query.q) : Promise.resolve(null),
  ]);
  const totals = brands.reduce((sum, b) => sum + b.reviewCount, 0);
  return {
    state: { q: query.q, bodyType: query.bodyType, brandSlug: brand?.slug, page: latest.page },
    dropped,
    totals: { reviews: totals, brands: brands.length },
    bodyTypes: bodyTypes.map((b) => b.bodyType) as BodyType[],
    best: best as RatedModel[],
    brands,
    brand: brand ?? null,
    latest,
    search,
  };
}
