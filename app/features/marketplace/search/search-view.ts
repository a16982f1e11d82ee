import { formatKm, formatPrice, formatRand } from "~/lib/format";
import { cityName, provinceName } from "~/lib/places";
import { type MultiKey, type UsedSearch, usedSearchUrl } from "./search-params";
import { adDriveLabels, bodyTypeLabels, colourName, fuelLabels, sellerKindLabels, transmissionLabels } from "../vocabulary";

// Pure rules of the used-car search page: the labels of coded values, the removable chips of the
// active filters, and which filter to drop when nothing matches.

/** One choice of a facet with its count (the other filters applied). */
export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

/** Display names of the makes and models in a search ("volkswagen" → "Volkswagen"). */
export interface VehicleNames {
  makes: Record<string, string>;
  /** By "make/model". */
  models: Record<string, string>;
}

export function multiLabel(key: MultiKey, value: string): string {
  switch (key) {
    case "fuel":
      return fuelLabels[value as keyof typeof fuelLabels] ?? value;
    case "transmission":
      return transmissionLabels[value as keyof typeof transmissionLabels] ?? value;
    case "body":
      return bodyTypeLabels[value as keyof typeof bodyTypeLabels] ?? value;
    case "drive":
      return adDriveLabels[value as keyof typeof adDriveLabels] ?? value;
    case "colour":
      return colourName(value);
    case "province":
      return provinceName(value);
    case "city":
      return cityName(value);
  }
}

export function vehicleLabel(v: UsedSearch["vehicles"][number], names: VehicleNames): string {
  const make = names.makes[v.make] ?? v.make;
  return v.model ? `${make} ${names.models[`${v.make}/${v.model}`] ?? v.model}` : make;
}

export interface Chip {
  /** Stable key for React and tests. */
  key: string;
  label: string;
  /** The search without this filter, back on page 1. */
  search: UsedSearch;
  url: string;
}

/** "R 6 500 a month, R 30 000 down": a monthly budget as the chips and saved searches word it. */
export function monthlyBudgetLabel(budget: number, deposit?: number): string {
  const down = deposit ? `, ${formatRand(deposit)} down` : "";
  return `${formatRand(budget)} a month${down}`;
}

/** One removable chip per active filter value, in the form's order. */
export function searchChips(search: UsedSearch, names: VehicleNames): Chip[] {
  const base: UsedSearch = { ...search, page: 1 };
  const chips: Chip[] = [];
  const push = (key: string, label: string, without: UsedSearch) => chips.push({ key, label, search: without, url: usedSearchUrl(without) });
  search.vehicles.forEach((v, i) =>
    push(`vehicle:${v.make}/${v.model ?? ""}`, vehicleLabel(v, names), { ...base, vehicles: search.vehicles.filter((_, j) => j !== i) }),
  );
  if (search.q) push("q", `“${search.q}”`, { ...base, q: "" });
  if (search.priceMin !== undefined) push("price_min", `From ${formatPrice(search.priceMin, { withCurrency: true })}`, { ...base, priceMin: undefined });
  if (search.priceMax !== undefined) push("price_max", `Up to ${formatPrice(search.priceMax, { withCurrency: true })}`, { ...base, priceMax: undefined });
  if (search.yearMin !== undefined) push("year_min", `From ${search.yearMin}`, { ...base, yearMin: undefined });
  if (search.yearMax !== undefined) push("year_max", `Up to ${search.yearMax}`, { ...base, yearMax: undefined });
  if (search.kmMax !== undefined) push("km_max", `Up to ${formatKm(search.kmMax)}`, { ...base, kmMax: undefined });
  if (search.budget !== undefined) push("budget", monthlyBudgetLabel(search.budget, search.deposit), { ...base, budget: undefined, deposit: undefined });
  const multis: MultiKey[] = ["fuel", "transmission", "body", "drive", "colour", "province", "city"];
  for (const key of multis) {
    for (const value of search[key]) {
      push(`${key}:${value}`, multiLabel(key, value), { ...base, [key]: (search[key] as string[]).filter((x) => x !== value) });
    }
  }
  if (search.seller) push("seller", sellerKindLabels[search.seller], { ...base, seller: undefined });
  if (search.photos) push("photos", "With photos", { ...base, photos: false });
  return chips;
}

export interface WidenOffer {
  label: string;
  url: string;
  /** Ads the wider search finds. */
  count: number;
}
