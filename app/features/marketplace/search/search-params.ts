import { adDrives, sellerKinds, type AdDrive, type SellerKind } from "../../../../db/schema/vocabulary";
import { bodyTypes, fuelTypes, transmissions, type BodyType, type FuelType, type Transmission } from "../../../../db/schema/vocabulary";
import { MARKETPLACE_SEARCH_PATH } from "../urls";

// The used-car search's URL parameters: one schema shared by the filter form (names, options,
// limits) and the loader (the authority). Each parameter is checked on its own, so one bad value
// never spoils the others: it is dropped (or clamped) and a notice says so. Whether a make or a
// model exists is known only to the search index; the server checks that after this parse.

export const USED_PAGE_SIZE = 24;
/** Make/model pairs a search can hold (mobile.de lets a buyer compare three). */
export const MAX_VEHICLES = 3;

export const USED_LIMITS = {
  qMax: 80,
  priceMax: 50_000_000,
  kmMax: 2_000_000,
  yearMin: 1950,
  /** Next year's models are on sale from mid-year. */
  yearMax: new Date().getUTCFullYear() + 1,
  /** Values per multi-select parameter; more are ignored. */
  multiMax: 60,
  /** A monthly budget (issue 47) from R 500 to R 1 000 000. */
  budgetMin: 500,
  budgetMax: 1_000_000,
} as const;

// "price-drop": ads whose latest price change was a reduction, the most recent drop first; the
// others follow, newest first (a sort never hides ads, so the count stays the filters' count).
export const usedSorts = ["newest", "price-asc", "price-desc", "km-asc", "year-desc", "rating", "price-drop"] as const;
export type UsedSort = (typeof usedSorts)[number];

export const usedSortLabels: Record<UsedSort, string> = {
  newest: "Newest ads",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  "km-asc": "Mileage: lowest first",
  "year-desc": "Year: newest first",
  rating: "Best price rating",
  "price-drop": "Price dropped recently",
};

/** The "maximum price" choices (their counts come from the index's price histogram). */
export const PRICE_STEPS = [50_000, 75_000, 100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000] as const;
/** The "maximum mileage" choices. */
export const KM_STEPS = [10_000, 20_000, 50_000, 75_000, 100_000, 150_000, 200_000, 250_000] as const;

/** A make (slug), optionally narrowed to one of its models (slug). */
export interface VehicleChoice {
  make: string;
  model?: string;
}

export interface UsedSearch {
  q: string;
  vehicles: VehicleChoice[];
  priceMin?: number;
  priceMax?: number;
  yearMin?: number;
  yearMax?: number;
  kmMax?: number;
  /** What the buyer can pay a month, and the deposit they have: a maximum price on the stated finance terms. */
  budget?: number;
  deposit?: number;
  fuel: FuelType[];
  transmission: Transmission[];
  body: BodyType[];
  drive: AdDrive[];
  colour: string[];
  province: string[];
  city: string[];
  seller?: SellerKind;
  photos: boolean;
  sort: UsedSort;
  page: number;
}

export const MULTI_KEYS = ["fuel", "transmission", "body", "drive", "colour", "province", "city"] as const;
export type MultiKey = (typeof MULTI_KEYS)[number];

export function emptyUsedSearch(): UsedSearch {
  return { q: "", vehicles: [], fuel: [], transmission: [], body: [], drive: [], colour: [], province: [], city: [], photos: false, sort: "newest", page: 1 };
}

export const usedParamLabels = {
  q: "Keyword",
  make: "Make",
  model: "Model",
  price_min: "Minimum price",
  price_max: "Maximum price",
  year_min: "Oldest year",
  year_max: "Newest year",
  km_max: "Maximum mileage",
  budget: "Monthly budget",
  deposit: "Deposit",
  fuel: "Fuel",
  transmission: "Transmission",
  body: "Body type",
  drive: "Drive",
  colour: "Colour",
  province: "Province",
  city: "City",
  seller: "Seller",
  photos: "With photos",
  sort: "Sort",
  page: "Page",
} as const;

/** The numeric parameters: name, field, smallest and largest value. */
export const USED_NUMBER_PARAMS = [
  ["price_min", "priceMin", 0, USED_LIMITS.priceMax],
  ["price_max", "priceMax", 0, USED_LIMITS.priceMax],
  ["year_min", "yearMin", USED_LIMITS.yearMin, USED_LIMITS.yearMax],
  ["year_max", "yearMax", USED_LIMITS.yearMin, USED_LIMITS.yearMax],
  ["km_max", "kmMax", 0, USED_LIMITS.kmMax],
  ["budget", "budget", USED_LIMITS.budgetMin, USED_LIMITS.budgetMax],
  ["deposit", "deposit", 0, USED_LIMITS.priceMax],
] as const;

/**
 * The URL parameters of a search in the one canonical order (vehicles, keyword, numbers, the
 * multi-selects, seller, photos, sort, page); empty values and defaults are left out.
 */
export function toUsedSearchParams(search: UsedSearch): URLSearchParams {
  const params = new URLSearchParams();
  search.vehicles.forEach((v, i) => {
    params.set(`make${i + 1}`, v.make);
    if (v.model) params.set(`model${i + 1}`, v.model);
  });
  if (search.q) params.set("q", search.q);
  for (const [param, field] of USED_NUMBER_PARAMS) {
    const value = search[field];
    if (value !== undefined) params.set(param, String(value));
  }
  for (const key of MULTI_KEYS) for (const value of search[key]) params.append(key, value);
  if (search.seller) params.set("seller", search.seller);
  if (search.photos) params.set("photos", "1");
  if (search.sort !== "newest") params.set("sort", search.sort);
  if (search.page > 1) params.set("page", String(search.page));
  return params;
}

/** The search page URL for a search. */
export function usedSearchUrl(search: UsedSearch): string {
  const query = toUsedSearchParams(search).toString();
  return query ? `${MARKETPLACE_SEARCH_PATH}?${query}` : MARKETPLACE_SEARCH_PATH;
}

/** A search built from a few fields (links from the hub, suggestions, widening offers). */
export function usedSearchWith(fields: Partial<UsedSearch>): UsedSearch {
  return { ...emptyUsedSearch(), ...fields };
}

/** The same search with every filter cleared (the sort is kept). */
export function withoutFilters(search: UsedSearch): UsedSearch {
  return usedSearchWith({ sort: search.sort });
}

/** A filter is active (paging and sorting are not filters). */
export function hasUsedFilters(search: UsedSearch): boolean {
  return (
    search.q !== "" ||
    search.vehicles.length > 0 ||
    [search.priceMin, search.priceMax, search.yearMin, search.yearMax, search.kmMax, search.budget, search.seller].some((v) => v !== undefined) ||
    MULTI_KEYS.some((k) => search[k].length > 0) ||
    search.photos
  );
}

export function usedPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / USED_PAGE_SIZE));
}
