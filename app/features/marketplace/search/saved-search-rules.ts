import { type MultiKey, type UsedSearch, toUsedSearchParams } from "./search-params";
import { monthlyBudgetLabel, multiLabel, type VehicleNames, vehicleLabel } from "./search-view";
import { formatRand, formatKm } from "~/lib/format";

// Pure rules of saved searches: the query a search is saved under, its name and criteria in
// words, the limits and messages (the rename form's schema is saved-search-schema.ts).

/** Saved searches per account. */
export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** The "N new ads" count stops here ("100+ new ads"). */
export const NEW_ADS_COUNT_MAX = 100;
/** Ads listed in one alert mail; the rest are "and N more". */
export const ALERT_ADS_LISTED = 10;

export const SAVED_SEARCHES_PATH = "/mon-compte/recherches";
export const SAVE_SEARCH_ACTION = "/marche-doccasion/recherches";
export const UNSUBSCRIBE_PATH = "/alertes/desabonnement";
export const openSavedSearchPath = (id: number) => `${SAVED_SEARCHES_PATH}/${id}/ouvrir`;

export const SAVED_SEARCH_MESSAGES = {
  limit: `You already have ${SAVED_SEARCH_LIMIT} saved searches, the most an account can keep. Delete one you no longer need, then save this one.`,
  exists: "You already saved this search.",
  saved: "Search saved. New matching ads will be counted in your saved searches, and mailed to you each morning.",
  nameRequired: "Give the search a name.",
  nameTooLong: `Keep the name under ${SAVED_SEARCH_NAME_MAX} characters.`,
  notFound: "This saved search no longer exists.",
} as const;

/**
 * The query string a search is saved under: the search's canonical parameters, without the page
 * and the sort (a saved search is about which cars, and its new ads come newest first), so the
 * same filters saved twice are one saved search.
 */
export function savedQueryOf(search: UsedSearch): string {
  return toUsedSearchParams({ ...search, page: 1, sort: "newest" }).toString();
}

/** "polo-vivo" → "Polo Vivo": a slug's words, when the index does not know its display name. */
function slugWords(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function orList(values: string[]): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}

const MULTI_ORDER: MultiKey[] = ["body", "fuel", "transmission", "drive", "colour", "city", "province"];

/**
 * A search in words, for its default name and the list's criteria: "Volkswagen Polo Vivo, up to
 * R 200 000, Gauteng". Makes and models take their display names from `names` when given.
 */
export function describeUsedSearch(search: UsedSearch, names: VehicleNames = { makes: {}, models: {} }): string {
  const parts: string[] = [];
  if (search.vehicles.length > 0) {
    const known: VehicleNames = {
      makes: Object.fromEntries(search.vehicles.map((v) => [v.make, names.makes[v.make] ?? slugWords(v.make)])),
      models: Object.fromEntries(search.vehicles.filter((v) => v.model).map((v) => [`${v.make}/${v.model}`, names.models[`${v.make}/${v.model}`] ?? slugWords(v.model!)])),
    };
    parts.push(orList(search.vehicles.map((v) => vehicleLabel(v, known))));
  }
  if (search.q) parts.push(`“${search.q}”`);
  const { priceMin, priceMax, yearMin, yearMax, kmMax } = search;
  if (priceMin !== undefined && priceMax !== undefined) parts.push(`${formatRand(priceMin)} to ${formatRand(priceMax)}`);
  else if (priceMax !== undefined) parts.push(`up to ${formatRand(priceMax)}`);
  else if (priceMin !== undefined) parts.push(`from ${formatRand(priceMin)}`);
  if (yearMin !== undefined && yearMax !== undefined) parts.push(yearMin === yearMax ? `${yearMin}` : `${yearMin} to ${yearMax}`);
  else if (yearMin !== undefined) parts.push(`${yearMin} or newer`);
  else if (yearMax !== undefined) parts.push(`${yearMax} or older`);
  if (kmMax !== undefined) parts.push(`up to ${formatKm(kmMax)}`);
  if (search.budget !== undefined) parts.push(monthlyBudgetLabel(search.budget, search.deposit));
  for (const key of MULTI_ORDER) {
    const values = search[key];
    if (values.length > 0) parts.push(orList(values.map((v) => multiLabel(key, v))));
  }
  if (search.seller) parts.push(search.seller === "private" ? "private sellers" : "dealers");
  if (search.photos) parts.push("with photos");
  if (parts.length === 0) return "All used cars";
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A default name: the criteria in words, shortened to the name's limit. */
export function defaultSavedSearchName(description: string): string {
  return description.length <= SAVED_SEARCH_NAME_MAX ? description : `${description.slice(0, SAVED_SEARCH_NAME_MAX - 1).trimEnd()}…`;
}

/** "3 new ads", "1 new ad", "100+ new ads". */
export function newAdsLabel(count: number): string {
  if (count >= NEW_ADS_COUNT_MAX) return `${NEW_ADS_COUNT_MAX}+ new ads`;
  return `${count} new ${count === 1 ? "ad" : "ads"}`;
}
