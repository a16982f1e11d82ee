import { liveAdCards } from "../ad-cards.server";
import { emptyUsedSearch, KM_STEPS, PRICE_STEPS, USED_LIMITS, USED_PAGE_SIZE, type MultiKey, type UsedSearch, usedPageCount, usedSearchUrl } from "./search-params";
import { type IndexResult, type IndexState, runSearch, searchIndex } from "./search-index.server";
import { YEAR_BASE, type Dictionary } from "./search-engine";
import { type Chip, type FacetOption, multiLabel, searchChips, type VehicleNames, vehicleLabel, type WidenOffer } from "./search-view";
import { citiesOf, cities as allCities, findProvince, provinces } from "~/lib/places";
import { adColours, sellerKindLabels } from "../vocabulary";
import { adDrives, sellerKinds } from "../../../../db/schema/marketplace";
import { bodyTypes, fuelTypes, transmissions } from "../../../../db/schema/catalogue";
import type { AdCardData } from "../types";
import { formatRand, formatKm } from "~/lib/format";
import { affordablePrice, type AffordabilityInput } from "~/features/editorial/finance";

// The used-car search page's data: the search checked against what the index knows (unknown
// makes and models become notices), one pass for the page and every facet's counts, the cards
// read from the database, and the ways to widen a search that finds nothing.

interface UsedFacets {
  makes: FacetOption[];
  /** Models of each chosen make (by make slug). */
  models: Record<string, FacetOption[]>;
  fuel: FacetOption[];
  transmission: FacetOption[];
  body: FacetOption[];
  drive: FacetOption[];
  colour: FacetOption[];
  province: FacetOption[];
  /** Without a province: the towns with the most ads only (POPULAR_TOWNS), and whether others were left out. */
  city: FacetOption[];
  moreCities: boolean;
  seller: FacetOption[];
  photos: number;
  /** "Up to" price steps with the ads each leaves (the minimum price applied). */
  priceMax: FacetOption[];
  kmMax: FacetOption[];
  /** "From year" choices with the ads each leaves (the newest year applied). */
  yearMin: FacetOption[];
}

/** How many towns the town filter lists before a province is chosen. */
export const POPULAR_TOWNS = 12;

const multiVocabulary: Record<Exclude<MultiKey, "city">, readonly string[]> = {
  fuel: fuelTypes,
  transmission: transmissions,
  body: bodyTypes,
  drive: adDrives,
  colour: adColours.map((c) => c.slug),
  province: provinces.map((p) => p.slug),
};

function countOf(dict: Dictionary, counts: Int32Array, value: string): number {
  const code = dict.find(value);
  return code === undefined ? 0 : (counts[code] ?? 0);
}

/** Checks the makes and models against the index: unknown ones are dropped with a notice. */
function resolveVehicles(index: IndexState["index"], search: UsedSearch, notices: string[]): VehicleNames {
  const names: VehicleNames = { makes: {}, models: {} };
  search.vehicles = search.vehicles.flatMap((v) => {
    const make = index.makes.find(v.make);
    if (make === undefined || !(index.makeLive[make]! > 0)) {
      notices.push(`There is no “${v.make}” on the marketplace right now; that make was ignored.`);
      return [];
    }
    names.makes[v.make] = index.makeNames[make] ?? v.make;
    if (v.model === undefined) return [v];
    const model = index.models.find(`${v.make}/${v.model}`);
    if (model === undefined || !(index.modelLive[model]! > 0)) {
      notices.push(`There is no ${names.makes[v.make]} “${v.model}” on the marketplace right now; all ${names.makes[v.make]} ads are shown.`);
      return [{ make: v.make }];
    }
    names.models[`${v.make}/${v.model}`] = index.modelNames[model] ?? v.model;
    return [v];
  });
  // A make alone next to one of its models is the wider of the two.
  const wholeMakes = new Set(search.vehicles.filter((v) => !v.model).map((v) => v.make));
  search.vehicles = search.vehicles.filter((v, i, all) => (!v.model || !wholeMakes.has(v.make)) && all.findIndex((w) => w.make === v.make && w.model === v.model) === i);
  return names;
}

/** Every facet's options with counts, from one pass's codes. */
export function facetsOf(index: IndexState["index"], result: IndexResult, search: UsedSearch): UsedFacets {
  const { counts } = result;
  const options = (key: Exclude<MultiKey, "city">, dict: Dictionary, codes: Int32Array) =>
    multiVocabulary[key].map((value) => ({ value, label: multiLabel(key, value), count: countOf(dict, codes, value) }));
  const makes = index.makes.values
    .map((slug, code) => ({ value: slug, label: index.makeNames[code] ?? slug, count: counts.make[code] ?? 0 }))
    .filter((o) => o.count > 0 || search.vehicles.some((v) => v.make === o.value))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  const models: Record<string, FacetOption[]> = {};
  for (const v of search.vehicles) {
    if (models[v.make]) continue;
    const make = index.makes.find(v.make);
    models[v.make] = index.models.values
      .flatMap((key, code) =>
        index.modelMake[code] === make ? [{ value: key.slice(v.make.length + 1), label: index.modelNames[code] ?? key, count: counts.model[code] ?? 0 }] : [],
      )
      .filter((o) => o.count > 0 || search.vehicles.some((w) => w.make === v.make && w.model === o.value))
      .sort((a, b) => a.label.localeCompare(b.label, "en"));
  }
  // A chosen province lists all of its towns; without one, the list is the towns with the most
  // ads (and any chosen), as fifty towns would be a long scroll and a tenth of the page's HTML.
  const citySlugs = search.province.length > 0 ? search.province.flatMap((p) => citiesOf(p).map((c) => c.slug)) : allCities.map((c) => c.slug);
  const cityChoices = [...new Set([...citySlugs, ...search.city])]
    .map((value) => ({ value, label: multiLabel("city", value), count: countOf(index.cities, counts.city, value) }))
    .filter((o) => o.count > 0 || search.city.includes(o.value));
  const popularCities = new Set(
    [...cityChoices]
      .sort((a, b) => b.count - a.count)
      .slice(0, POPULAR_TOWNS)
      .map((o) => o.value),
  );
  const moreCities = search.province.length === 0 && cityChoices.length > popularCities.size;
  const city = cityChoices
    .filter((o) => !moreCities || popularCities.has(o.value) || search.city.includes(o.value))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));

  // Cumulative counts: "up to" a step is every band at or under it (the bands end at the steps).
  const upTo = (bands: Int32Array, steps: readonly number[], label: (n: number) => string) => {
    let running = 0;
    return steps.map((step, i) => {
      running += bands[i] ?? 0;
      return { value: String(step), label: label(step), count: running };
    });
  };
  // "From year" choices back to the oldest year with an ad (1990 at the most; older years are
  // still accepted from the URL), and on to a year the search has chosen.
  let total = 0;
  for (let year = USED_LIMITS.yearMax; year >= 1990; year--) total += counts.years[year - YEAR_BASE] ?? 0;
  const oldestChosen = Math.min(search.yearMin ?? Infinity, search.yearMax ?? Infinity);
  const years: FacetOption[] = [];
  let running = 0;
  for (let year = USED_LIMITS.yearMax; year >= 1990; year--) {
    if (total > 0 && running === total && year < oldestChosen) break;
    running += counts.years[year - YEAR_BASE] ?? 0;
    years.push({ value: String(year), label: String(year), count: running });
  }

  return {
    makes,
    models,
    fuel: options("fuel", index.fuels, counts.fuel),
    transmission: options("transmission", index.transmissions, counts.transmission),
    body: options("body", index.bodies, counts.body),
    drive: options("drive", index.drives, counts.drive),
    colour: options("colour", index.colours, counts.colour),
    province: options("province", index.provinces, counts.province),
    city,
    moreCities,
    seller: sellerKinds.map((value) => ({ value, label: sellerKindLabels[value], count: countOf(index.sellers, counts.seller, value) })),
    photos: counts.photos,
    priceMax: upTo(counts.priceBands, PRICE_STEPS, (n) => `Up to ${formatRand(n)}`),
    kmMax: upTo(counts.kmBands, KM_STEPS, (n) => `Up to ${formatKm(n)}`),
    yearMin: years,
  };
}

/** The stated finance terms a monthly budget is read on (issue 47; the cost figures, passed in by the page). */
export type BudgetTerms = Pick<AffordabilityInput, "balloonPercent" | "termMonths" | "annualRatePercent">;

/** A monthly budget turned into a price: "up to R 312 000 at about R 6 500 a month". */
export interface BudgetPrice {
  monthly: number;
  deposit: number;
  /** The highest price the budget pays for. */
  maxPrice: number;
}

function budgetPrice(search: UsedSearch, terms: BudgetTerms | null): BudgetPrice | null {
  if (search.budget === undefined || !terms) return null;
  const deposit = search.deposit ?? 0;
  return { monthly: search.budget, deposit, maxPrice: affordablePrice({ ...terms, monthlyBudget: search.budget, deposit }) };
}

/**
 * The search the index runs: a budget's price and a maximum price combined (the lower of the two).
 * Saved searches run through it too, so a saved budget follows today's rate.
 */
export function withBudget(search: UsedSearch, terms: BudgetTerms | null): UsedSearch {
  const budget = budgetPrice(search, terms);
  if (!budget) return search;
  return { ...search, priceMax: Math.min(search.priceMax ?? Number.POSITIVE_INFINITY, budget.maxPrice) };
}

interface UsedSearchPage {
  search: UsedSearch;
  /** The monthly budget's price, when the search has one. */
  budget: BudgetPrice | null;
  notices: string[];
  total: number;
  cards: AdCardData[];
  facets: UsedFacets;
  names: VehicleNames;
  chips: Omit<Chip, "search">[];
  widen: WidenOffer[];
  pageCount: number;
  /** The requested page is after the last one (answered with a 404). */
  pastEnd: boolean;
  canonicalUrl: string;
  prevUrl?: string;
  nextUrl?: string;
}

const searchKey = (search: UsedSearch) => usedSearchUrl({ ...search, page: 1 });

/**
 * Everything the search page shows for a parsed search (bad values already turned into notices).
 * `terms` reads a monthly budget; without them a budget is dropped with a notice.
 */
export async function usedSearchPage(parsed: { search: UsedSearch; notices: string[] }, terms: BudgetTerms | null = null): Promise<UsedSearchPage> {
  const current = await searchIndex();
  const { index } = current;
  const search: UsedSearch = { ...parsed.search, vehicles: [...parsed.search.vehicles] };
  const notices = [...parsed.notices];
  if (search.budget !== undefined && !terms) {
    notices.push("A monthly budget cannot be turned into a price right now; it was ignored.");
    delete search.budget;
    delete search.deposit;
  }
  const names = resolveVehicles(index, search, notices);
  const offset = (search.page - 1) * USED_PAGE_SIZE;
  const run = withBudget(search, terms);
  const result = await runSearch(current, run, searchKey(run), offset, USED_PAGE_SIZE);
  const cards = await liveAdCards(result.ids);
  const pageCount = usedPageCount(result.total);
  const chips = searchChips(search, names);
  const widen = result.total === 0 ? await widenOffers(current, search, result, chips, terms) : [];
  return {
    search,
    budget: budgetPrice(search, terms),
    notices,
    total: result.total,
    // An ad sold since the last refresh is left out rather than shown as for sale.
    cards: cards.filter((c) => c.status === "published"),
    facets: facetsOf(index, result, search),
    names,
    chips: chips.map(({ search: _, ...chip }) => chip),
    widen,
    pageCount,
    pastEnd: search.page > pageCount,
    canonicalUrl: usedSearchUrl(search),
    prevUrl: search.page > 1 && search.page <= pageCount ? usedSearchUrl({ ...search, page: search.page - 1 }) : undefined,
    nextUrl: search.page < pageCount ? usedSearchUrl({ ...search, page: search.page + 1 }) : undefined,
  };
}

/**
 * When nothing matches: each active filter's removal with the ads it would bring back (read from
 * the facet counts, which already leave that filter out; the keyword, minimum price and newest
 * year need a pass each), the widest first; and a search in the neighbouring provinces.
 */
async function widenOffers(current: IndexState, search: UsedSearch, result: IndexResult, chips: Chip[], terms: BudgetTerms | null): Promise<WidenOffer[]> {
  const { counts } = result;
  const offers: WidenOffer[] = [];
  const sum = (codes: Int32Array) => codes.reduce((a, b) => a + b, 0);
  const facetTotal: Partial<Record<string, number>> = {
    vehicle: sum(counts.make),
    fuel: sum(counts.fuel),
    transmission: sum(counts.transmission),
    body: sum(counts.body),
    drive: sum(counts.drive),
    colour: sum(counts.colour),
    province: sum(counts.province),
    city: sum(counts.city),
    seller: sum(counts.seller),
    // With a budget, dropping the maximum price still leaves the budget's price: a pass tells.
    price_max: search.budget === undefined ? sum(counts.priceBands) : undefined,
    km_max: sum(counts.kmBands),
    year_min: sum(counts.years),
  };
  // A facet with one chosen value: dropping it gives the facet's total. With several values
  // (or for the keyword and the other always-applied bounds), a pass tells.
  const byFacet = new Map<string, Chip[]>();
  for (const chip of chips) {
    const facet = chip.key.startsWith("vehicle:") ? "vehicle" : chip.key.split(":")[0]!;
    byFacet.set(facet, [...(byFacet.get(facet) ?? []), chip]);
  }
  for (const [facet, facetChips] of byFacet) {
    for (const chip of facetChips) {
      let count = facetChips.length === 1 ? facetTotal[facet] : undefined;
      if (count === undefined) {
        const run = withBudget(chip.search, terms);
        const wider = await runSearch(current, run, searchKey(run), 0, 0);
        count = wider.total;
      }
      const quoted = chip.label.startsWith("“") ? chip.label : `“${chip.label}”`;
      if (count > 0) offers.push({ label: `Remove ${quoted}`, url: chip.url, count });
    }
  }
  offers.sort((a, b) => b.count - a.count);
  const out = offers.slice(0, 3);
  // Nearby provinces (the province facet's counts leave the province filter out).
  if (search.province.length > 0 && search.city.length === 0) {
    const near = [...new Set(search.province.flatMap((p) => findProvince(p)?.neighbours ?? []))].filter((p) => !search.province.includes(p));
    const withCounts = near
      .map((p) => ({ p, count: countOf(current.index.provinces, counts.province, p) }))
      .filter((x) => x.count > 0)
      .sort((a, b) => b.count - a.count)
      .slice(0, 3);
    for (const { p, count } of withCounts) {
      out.push({ label: `Search in ${multiLabel("province", p)}`, url: usedSearchUrl({ ...search, province: [p], page: 1 }), count });
    }
  }
  return out;
}

/** "Volkswagen Polo Vivo" and friends for the suggestions: the vehicle with its live ad count. */
interface UsedVehicleCount {
  make: string;
  model?: string;
  label: string;
  count: number;
  url: string;
}

/** The live ads of every make and model (the hub, the suggestions). */
export async function vehicleCounts(): Promise<{ makes: UsedVehicleCount[]; models: UsedVehicleCount[] }> {
  const current = await searchIndex();
  const { index } = current;
  const all = await runSearch(current, emptyUsedSearch(), "all", 0, 0);
  const makes = index.makes.values
    .map((slug, code) => ({ make: slug, label: index.makeNames[code] ?? slug, count: all.counts.make[code] ?? 0, url: usedSearchUrl({ ...emptyUsedSearch(), vehicles: [{ make: slug }] }) }))
    .filter((m) => m.count > 0);
  const models = index.models.values
    .map((key, code) => {
      const make = index.makes.values[index.modelMake[code]!]!;
      const model = key.slice(make.length + 1);
      const label = vehicleLabel({ make, model }, { makes: { [make]: index.makeNames[index.modelMake[code]!] ?? make }, models: { [key]: index.modelNames[code] ?? model } });
      return { make, model, label, count: all.counts.model[code] ?? 0, url: usedSearchUrl({ ...emptyUsedSearch(), vehicles: [{ make, model }] }) };
    })
    .filter((m) => m.count > 0);
  return { makes, models };
}
