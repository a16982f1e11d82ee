import { liveBanners } from "~/features/banners/banners.server";
import { brandsWithModels } from "~/features/catalogue/menu.server";
import { guideTaxonomyMenu, newsCategoryMenu } from "~/features/editorial/menu.server";
import { MAX_QUERY_LENGTH, type FieldSuggestion } from "~/features/search/suggestions";
import { fieldSuggestions } from "~/features/search/suggestions.server";

// The product API's endpoints (spec section 7): exactly the spec's response shapes and names.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface BannerItem {
  id: number;
  title: string;
  image_path: string | null;
  link_url: string;
  image_width: number | null;
  image_height: number | null;
  alt_text: string;
}
/** get_banners: a data object, one list of banners per slot; `{}` when none is active. */
type BannersResponse = { data: Record<string, BannerItem[]> };
type SuggestionsResponse = { data: FieldSuggestion[] };
type GuideMenuResponse = { data: { name: string; description: string; slug: string }[] };
type NewsMenuResponse = { data: { id: number; name: string; description: string }[] };
type BrandsModelsResponse = {
  data: { id: number; nom_de_la_marque: string; models: { id: number; nom_du_modele: string }[] }[];
};

/** The banners live today (active, within their dates), grouped by slot, from the pages' cached list. */
async function bannersBySlot(now = new Date()): Promise<Record<string, BannerItem[]>> {
  const bySlot: Record<string, BannerItem[]> = {};
  for (const b of await liveBanners(now)) {
    (bySlot[b.slot] ??= []).push({
      id: b.id,
      title: b.title,
      image_path: b.imagePath,
      link_url: b.linkUrl,
      image_width: b.imageWidth,
      image_height: b.imageHeight,
      alt_text: b.altText,
    });
  }
  return bySlot;
}

async function getBanners(): Promise<BannersResponse> {
  return { data: await bannersBySlot() };
}

async function searchSuggestion(params: URLSearchParams): Promise<SuggestionsResponse> {
  const search = params.get("search");
  if (search === null) throw new ApiError(400, "The search parameter is required.");
  if (search.length > MAX_QUERY_LENGTH) throw new ApiError(400, `The search parameter must be at most ${MAX_QUERY_LENGTH} characters.`);
  // The spec's model and news items, with the used-car searches of issue 14 after the models
  // (type "used": label, count, url); a client that knows only the spec's two types skips them.
  return { data: await fieldSuggestions(search) };
}

async function menuGuidePratique(): Promise<GuideMenuResponse> {
  const items = await guideTaxonomyMenu();
  return { data: items.map((t) => ({ name: t.name, description: t.description, slug: t.slug })) };
}

async function headerMenuNews(): Promise<NewsMenuResponse> {
  const items = await newsCategoryMenu();
  return { data: items.map((c) => ({ id: c.id, name: c.name, description: c.description })) };
}

async function marquesModeles(): Promise<BrandsModelsResponse> {
  const brands = await brandsWithModels();
  return {
    data: brands.map((b) => ({
      id: b.id,
      nom_de_la_marque: b.name,
      models: b.models.map((m) => ({ id: m.id, nom_du_modele: m.name })),
    })),
  };
}

interface Endpoint {
  handle: (params: URLSearchParams) => Promise<{ data: unknown }>;
  /** Seconds a client (or, for an open API, a shared cache) may reuse the answer. */
  maxAge: number;
}

export const endpoints: Readonly<Record<string, Endpoint>> = {
  get_banners: { handle: getBanners, maxAge: 300 },
  search_suggestion: { handle: searchSuggestion, maxAge: 60 },
  "menu-guide-pratique": { handle: menuGuidePratique, maxAge: 300 },
  get_header_menu_news: { handle: headerMenuNews, maxAge: 300 },
  marques_modeles: { handle: marquesModeles, maxAge: 300 },
};
