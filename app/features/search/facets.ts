import { bodyTypeLabels, fuelLabels } from "../catalogue/types";
import { formatPrice, formatRand } from "~/lib/format";
import { driveLabels, SEARCH_PAGE_SIZE, type SearchState, searchUrl, transmissionLabels } from "./search-params";

// Pure rules of the faceted search: which filters a facet's counts see, the active-filter chips
// and the page list. The SQL lives in new-car-search.server.ts and follows these rules.

const multiFacets = ["brand", "body", "fuel", "transmission", "drive"] as const;
export type MultiFacet = (typeof multiFacets)[number];
export type Facet = MultiFacet | "seats" | "power";

/**
 * The standard faceting rule: a facet's counts are computed with every OTHER active filter
 * applied, never its own, so ticking "Diesel" does not make "Petrol" read 0. Price and text are
 * not facets with counts: they always apply. Sorting and paging never change counts.
 */
export function stateForFacet(state: SearchState, facet: Facet): SearchState {
  const out: SearchState = { ...state, page: 1 };
  if (facet === "seats") delete out.seats;
  else if (facet === "power") delete out.powerMin;
  else out[facet] = [];
  return out;
}

export function hasFilters(state: SearchState): boolean {
  return (
    state.q !== "" ||
    multiFacets.some((f) => state[f].length > 0) ||
    state.priceMin !== undefined ||
    state.priceMax !== undefined ||
    state.seats !== undefined ||
    state.powerMin !== undefined ||
    state.budget !== undefined
  );
}

interface Chip {
  /** Stable key for React and tests. */
  key: string;
  label: string;
  /** The search without this filter (back on page 1). */
  removeUrl: string;
}

/** One removable chip per active filter value, in the form's order. */
export function activeChips(state: SearchState, brandNames: ReadonlyMap<string, string>): Chip[] {
  const chips: Chip[] = [];
  const base: SearchState = { ...state, page: 1 };
  const push = (key: string, label: string, without: SearchState) => chips.push({ key, label, removeUrl: searchUrl(without) });

  if (state.q) push("q", `“${state.q}”`, { ...base, q: "" });
  for (const slug of state.brand) push(`brand:${slug}`, brandNames.get(slug) ?? slug, { ...base, brand: state.brand.filter((b) => b !== slug) });
  for (const body of state.body) push(`body:${body}`, bodyTypeLabels[body], { ...base, body: state.body.filter((b) => b !== body) });
  for (const fuel of state.fuel) push(`fuel:${fuel}`, fuelLabels[fuel], { ...base, fuel: state.fuel.filter((f) => f !== fuel) });
  for (const t of state.transmission)
    push(`transmission:${t}`, transmissionLabels[t], { ...base, transmission: state.transmission.filter((x) => x !== t) });
  for (const d of state.drive) push(`drive:${d}`, driveLabels[d], { ...base, drive: state.drive.filter((x) => x !== d) });
  if (state.priceMin !== undefined) push("price_min", `From ${formatPrice(state.priceMin, { withCurrency: true })}`, { ...base, priceMin: undefined });
  if (state.priceMax !== undefined) push("price_max", `Up to ${formatPrice(state.priceMax, { withCurrency: true })}`, { ...base, priceMax: undefined });
  if (state.seats !== undefined) push("seats", `${state.seats}+ seats`, { ...base, seats: undefined });
  if (state.powerMin !== undefined) push("power_min", `${state.powerMin}+ kW`, { ...base, powerMin: undefined });
  if (state.budget !== undefined) {
    const down = state.deposit ? `, ${formatRand(state.deposit)} down` : "";
    push("budget", `${formatRand(state.budget)} a month${down}`, { ...base, budget: undefined, deposit: undefined });
  }
  return chips;
}

/** Everything cleared except the sort. */
export function resetUrl(state: SearchState): string {
  return searchUrl({ q: "", brand: [], body: [], fuel: [], transmission: [], drive: [], sort: state.sort, page: 1 });
}

export function pageCount(total: number, pageSize = SEARCH_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
