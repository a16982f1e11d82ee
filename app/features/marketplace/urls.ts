// The marketplace's URL shapes (spec section 2): the hub, the search and an ad.

export const MARKETPLACE_PATH = "/marche-doccasion";
export const MARKETPLACE_SEARCH_PATH = "/marche-doccasion/rechercher";
export const SELL_PATH = "/poster-une-annonce";
/** The photo manager's endpoint (multipart: upload, move, cover, delete on a draft). */
export const DRAFT_PHOTOS_PATH = "/poster-une-annonce/photos";
export const FAVOURITES_PATH = "/mon-compte/favoris";
/** The signed-in user's saved searches (their alerts, on/off). */
export const SAVED_SEARCHES_PATH = "/mon-compte/recherches";
/** The favourite heart's POST action (adId, intent add|remove, redirectTo). */
export const FAVOURITE_ACTION = "/marche-doccasion/favori";
/** The ad page's view beacon (POST adId). */
export const AD_VIEW_BEACON = "/marche-doccasion/vue";

export const adUrl = (ad: { id: number; slug: string }): string => `/marche-doccasion/annonce/${ad.id}-${ad.slug}`;

/** "{id}-{slug}" → id and slug; anything without a numeric id is undefined (the spec's 404). */
export function parseAdIdSlug(param: string | undefined): { id: number; slug: string } | undefined {
  const m = /^(\d{1,9})(?:-(.*))?$/.exec(param ?? "");
  if (!m) return undefined;
  const id = Number(m[1]);
  return id > 0 ? { id, slug: m[2] ?? "" } : undefined;
}

/** "What is my car worth?" (issue 47): the valuation page, a plain GET form (valuation-form.ts). */
export const VALUATION_PATH = "/estimer-ma-voiture";
/** "Get offers from dealers" for the car just valued: its details in the query, the shopper's in the form. */
export const TRADE_IN_PATH = "/estimer-ma-voiture/offres";
