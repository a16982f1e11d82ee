import type { BodyType, Drive, FuelType, Transmission } from "../../../db/schema/vocabulary";
import { driveLabels, transmissionLabels } from "~/features/catalogue/types";

export { driveLabels, transmissionLabels };

// The new-car search's URL parameters as the page and its filter form print them: names, options,
// limits and the canonical address. Their rules (zod) are in ./schemas.ts, which the loader reads
// and the filter form loads on first use: the page itself starts without zod.

export const SEARCH_PAGE_SIZE = 24;

export const SEARCH_LIMITS = {
  qMax: 80,
  /** Values per multi-select parameter; more are ignored. */
  multiMax: 40,
  priceMax: 100_000_000,
  powerMax: 1_500,
  seatsMax: 9,
  /** A monthly budget (issue 47) from R 500 to R 1 000 000. */
  budgetMin: 500,
  budgetMax: 1_000_000,
} as const;

export const searchSorts = ["popular", "price-asc", "price-desc", "power-desc", "consumption-asc", "newest"] as const;
export type SearchSort = (typeof searchSorts)[number];

export const sortLabels: Record<SearchSort, string> = {
  popular: "Most popular",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  "power-desc": "Most powerful",
  "consumption-asc": "Lowest consumption",
  newest: "Newest first",
};

/** Thresholds offered for the "minimum" selects (any other integer in range is accepted from the URL). */
export const seatOptions = [2, 4, 5, 7, 8] as const;
export const powerOptions = [50, 75, 100, 130, 160, 200, 300] as const;

export interface SearchState {
  q: string;
  brand: string[];
  body: BodyType[];
  fuel: FuelType[];
  transmission: Transmission[];
  drive: Drive[];
  priceMin?: number;
  priceMax?: number;
  seats?: number;
  powerMin?: number;
  /** What the buyer can pay a month, and the deposit they have: a maximum price on the stated finance terms. */
  budget?: number;
  deposit?: number;
  sort: SearchSort;
  page: number;
}

export const emptySearch: SearchState = { q: "", brand: [], body: [], fuel: [], transmission: [], drive: [], sort: "popular", page: 1 };

export const paramLabels = {
  q: "Search text",
  brand: "Brand",
  body: "Body type",
  fuel: "Fuel",
  transmission: "Transmission",
  drive: "Drive",
  price_min: "Minimum price",
  price_max: "Maximum price",
  seats: "Seats",
  power_min: "Minimum power",
  budget: "Monthly budget",
  deposit: "Deposit",
  sort: "Sort",
  page: "Page",
} as const;
export type SearchParam = keyof typeof paramLabels;

/** The parameters that take several values. */
export const MULTI = ["brand", "body", "fuel", "transmission", "drive"] as const;

/** The URL parameters of a search, in a stable, readable order; defaults are left out. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  for (const key of MULTI) for (const value of state[key]) params.append(key, value);
  if (state.priceMin !== undefined) params.set("price_min", String(state.priceMin));
  if (state.priceMax !== undefined) params.set("price_max", String(state.priceMax));
  if (state.seats !== undefined) params.set("seats", String(state.seats));
  if (state.powerMin !== undefined) params.set("power_min", String(state.powerMin));
  if (state.budget !== undefined) params.set("budget", String(state.budget));
  if (state.deposit !== undefined) params.set("deposit", String(state.deposit));
  if (state.sort !== "popular") params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

export const SEARCH_PATH = "/voitures-neuves/recherche";

/** The search page URL for a state. */
export function searchUrl(state: SearchState): string {
  const query = toSearchParams(state).toString();
  return query ? `${SEARCH_PATH}?${query}` : SEARCH_PATH;
}
