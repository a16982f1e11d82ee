// Pure rules of the brand, model and version pages: URL parameters, sorting, filtering,
// canonical redirects and similar-model ranking. The loaders call these; the tests pin them.
import { data } from "react-router";
import { invalidParameter, parseNumericId } from "~/lib/errors";
import type { StructuredOffer } from "~/lib/format";
import { type FuelType, fuelTypes, type Transmission, transmissions } from "../../../db/schema/vocabulary";
import type { ModelCard } from "./types";

// ---------------------------------------------------------------------------------------------
// Route segments

/**
 * "{id}-{slug}" (the model and version segments): the id must be plain digits, else the spec's
 * invalid-parameter 404. The slug may be missing or stale: the loader redirects to the canonical URL.
 */
export function parseIdSlug(segment: string | undefined, pathname: string): { id: number; slug: string } {
  const match = /^(\d+)(?:-(.*))?$/s.exec(segment ?? "");
  if (!match) invalidParameter(pathname);
  return { id: parseNumericId(match[1], pathname), slug: match[2] ?? "" };
}

/**
 * Where a request for a valid id but a stale or wrong slug goes: the canonical path with the
 * request's query string kept (minus the router's own data-request parameters); null when the
 * request already is canonical.
 */
export function canonicalRedirect(url: URL, canonicalPath: string): string | null {
  let path = url.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // a malformed escape is not canonical either
  }
  path = path.replace(/\.data$/, "");
  if (path === canonicalPath) return null;
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return search ? `${canonicalPath}?${search}` : canonicalPath;
}

function badParameter(message: string): never {
  throw data(message, { status: 400 });
}

// ---------------------------------------------------------------------------------------------
// Brand page sorting

export const brandSorts = ["popularity", "price-asc", "price-desc", "name"] as const;
type BrandSort = (typeof brandSorts)[number];
const DEFAULT_BRAND_SORT: BrandSort = "popularity";

export const brandSortLabels: Record<BrandSort, string> = {
  popularity: "Most popular",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name (A–Z)",
};

/** The `sort` query parameter: absent or empty is the default; anything unknown is a 400. */
export function parseBrandSort(params: URLSearchParams): BrandSort {
  const values = params.getAll("sort");
  if (values.length > 1) badParameter("Choose one sort order.");
  const value = values[0]?.trim() ?? "";
  if (value === "") return DEFAULT_BRAND_SORT;
  if ((brandSorts as readonly string[]).includes(value)) return value as BrandSort;
  badParameter(`Unknown sort order "${value.slice(0, 40)}". Use one of: ${brandSorts.join(", ")}.`);
}

/** Cards arrive most popular first; the other orders are by "from" price or name, ties kept stable. */
export function sortModelCards(cards: readonly ModelCard[], sort: BrandSort): ModelCard[] {
  const list = [...cards];
  const byName = (a: ModelCard, b: ModelCard) => a.name.localeCompare(b.name, "en", { sensitivity: "base", numeric: true });
  switch (sort) {
    case "price-asc":
      return list.sort((a, b) => a.minPrice - b.minPrice || byName(a, b));
    case "price-desc":
      return list.sort((a, b) => b.minPrice - a.minPrice || byName(a, b));
    case "name":
      return list.sort(byName);
    default:
      return list;
  }
}

// ---------------------------------------------------------------------------------------------
// Model page version filters

interface VersionFilters {
  fuel?: FuelType;
  transmission?: Transmission;
}

function oneOf<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[], label: string): T | undefined {
  const values = params.getAll(name);
  if (values.length > 1) badParameter(`Choose one ${label}.`);
  const value = values[0]?.trim() ?? "";
  if (value === "") return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  badParameter(`Unknown ${label} "${value.slice(0, 40)}". Use one of: ${allowed.join(", ")}.`);
}

/** `fuel` and `transmission` query parameters: empty means all; an unknown value is a 400. */
export function parseVersionFilters(params: URLSearchParams): VersionFilters {
  return {
    fuel: oneOf(params, "fuel", fuelTypes, "fuel"),
    transmission: oneOf(params, "transmission", transmissions, "transmission"),
  };
}

/** The same parameters read leniently on the client: unknown values mean "all". */
/** The version table's filters, in the model page's address. */
export const VERSION_FILTER_PARAMS = ["fuel", "transmission"] as const;

export function readVersionFilters(params: URLSearchParams): VersionFilters {
  const fuel = params.get("fuel") ?? "";
  const transmission = params.get("transmission") ?? "";
  return {
    fuel: (fuelTypes as readonly string[]).includes(fuel) ? (fuel as FuelType) : undefined,
    transmission: (transmissions as readonly string[]).includes(transmission) ? (transmission as Transmission) : undefined,
  };
}

type Filterable = { fuel: FuelType; transmission: Transmission };

export function filterVersions<T extends Filterable>(list: readonly T[], filters: VersionFilters): T[] {
  return list.filter((v) => (!filters.fuel || v.fuel === filters.fuel) && (!filters.transmission || v.transmission === filters.transmission));
}

/** The filter values that exist among a model's versions, in the schema's order. */
export function filterOptions(list: readonly Filterable[]): { fuels: FuelType[]; transmissions: Transmission[] } {
  const fuels = new Set(list.map((v) => v.fuel));
  const boxes = new Set(list.map((v) => v.transmission));
  return { fuels: fuelTypes.filter((f) => fuels.has(f)), transmissions: transmissions.filter((t) => boxes.has(t)) };
}

// ---------------------------------------------------------------------------------------------
// Similar models

/** How far from the model's entry price a similar model's entry price may be (a factor either way). */
const SIMILAR_PRICE_FACTOR = 1.6;

/**
 * Similar models: same body type (the caller's candidates), entry price within a band around the
 * model's, other brands before the model's own brand, then the closest price, then popularity
 * (the candidates' order). A model without a price on sale gets the most popular of its type.
 */
export function rankSimilar(
  current: { id: number; brandId: number; minPrice: number | null },
  candidates: readonly ModelCard[],
  limit = 4,
): ModelCard[] {
  const others = candidates.map((card, order) => ({ card, order })).filter(({ card }) => card.id !== current.id);
  if (!current.minPrice) return others.slice(0, limit).map(({ card }) => card);
  const base = current.minPrice;
  const distance = (price: number) => Math.abs(Math.log(price / base));
  return others
    .filter(({ card }) => card.minPrice > 0 && distance(card.minPrice) <= Math.log(SIMILAR_PRICE_FACTOR))
    .sort(
      (a, b) =>
        Number(a.card.brandId === current.brandId) - Number(b.card.brandId === current.brandId) ||
        distance(a.card.minPrice) - distance(b.card.minPrice) ||
        a.order - b.order,
    )
    .slice(0, limit)
    .map(({ card }) => card);
}

/** Text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function clipText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  // Cut at the last word boundary, unless the cut already ends a word.
  const space = clean[cut.length] === " " ? cut.length : cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** schema.org Product of a model or version page; offers only when there is a price on sale. */
export function productJsonLd(product: {
  name: string;
  brandName: string;
  category: string;
  description: string;
  url: string;
  offer: StructuredOffer | undefined;
}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    brand: { "@type": "Brand", name: product.brandName },
    category: product.category,
    description: product.description,
    url: product.url,
    ...(product.offer ? { offers: product.offer } : {}),
  };
}
