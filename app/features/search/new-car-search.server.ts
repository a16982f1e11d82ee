import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { catalogueAnswer } from "~/features/catalogue/catalogue-memo.server";
import { db } from "~/lib/db.server";
import { readDb } from "~/lib/db-replica.server";
import { brands, models, versions } from "../../../db/schema";
import type { BodyType, Drive, FuelType, Transmission } from "../../../db/schema/catalogue";
import { type Facet, type MultiFacet, pageCount, stateForFacet } from "./facets";
import { affordablePrice, type AffordabilityInput } from "~/features/editorial/finance";
import { parseSearchParams, powerOptions, SEARCH_PAGE_SIZE, searchUrl, seatOptions, type SearchSort, type SearchState } from "./schemas";

// The faceted new-car search over versions on sale, grouped per model: a model is a result when
// at least one of its versions matches every filter; its card shows how many do and from what price.

export interface SearchResult {
  id: number;
  slug: string;
  name: string;
  bodyType: BodyType;
  colour: string;
  launchDate: string;
  brandSlug: string;
  brandName: string;
  fuels: FuelType[];
  transmissions: Transmission[];
  /** Versions of the model that match the filters. */
  matching: number;
  /** Versions of the model on sale. */
  versionCount: number;
  minPrice: number;
  maxPrice: number;
  maxPowerKw: number;
  minConsumption: number | null;
  /** The cheapest matching version: the one the "compare" action adds. */
  compareVersionId: number;
  compareVersionName: string;
}

export type FacetCounts = {
  brand: Record<string, number>;
  body: Partial<Record<BodyType, number>>;
  fuel: Partial<Record<FuelType, number>>;
  transmission: Partial<Record<Transmission, number>>;
  drive: Partial<Record<Drive, number>>;
  /** Models with a version of at least this many seats. */
  seats: Record<number, number>;
  /** Models with a version of at least this power (kW). */
  power: Record<number, number>;
};

interface SearchOutcome {
  results: SearchResult[];
  /** Matching models (result cards) and versions. */
  total: number;
  totalVersions: number;
  counts: FacetCounts;
}

export interface BrandOption {
  slug: string;
  name: string;
}

/** Every brand with something on sale, by name (the brand facet's options). */
function brandOptions(): Promise<BrandOption[]> {
  return cached("catalogue:search:brand-options", { ttlMs: 10 * 60_000, tags: ["catalogue"] }, () =>
    db()
      .selectDistinct({ slug: brands.slug, name: brands.name })
      .from(brands)
      .innerJoin(models, eq(models.brandId, brands.id))
      .innerJoin(versions, and(eq(versions.modelId, models.id), eq(versions.onSale, true)))
      .orderBy(asc(brands.name)),
  );
}

// Accent folding without the unaccent extension, so it behaves the same on every database.
const ACCENTED = "ÀÁÂÃÄÅĀÇĆČÈÉÊËĒĖĘÌÍÎÏĪÑŃÒÓÔÕÖØŌŠÙÚÛÜŪÝŸŽàáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōšùúûüūýÿž";
const PLAIN = "AAAAAAACCCEEEEEEEIIIIINNOOOOOOOSUUUUUYYZaaaaaaaccceeeeeeeiiiiinnooooooosuuuuuyyz";

/** Lower case, accents removed, punctuation to spaces: the form both sides of a text match take. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const foldedName = sql`regexp_replace(lower(translate(${brands.name} || ' ' || ${models.name}, ${ACCENTED}, ${PLAIN})), '[^a-z0-9]+', ' ', 'g')`;

function textCondition(q: string): SQL | undefined {
  const words = foldText(q).split(" ").filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  // Each word must appear in "brand model"; the name is folded the same way as the query.
  return and(...words.map((word) => sql`(' ' || ${foldedName} || ' ') like ${`%${word.replace(/[\\%_]/g, "\\$&")}%`}`));
}

/** The SQL condition of each active filter, keyed by facet; price and text always apply. */
function conditions(state: SearchState): { always: SQL[]; byFacet: Partial<Record<Facet, SQL>> } {
  const always: SQL[] = [eq(versions.onSale, true)];
  const text = state.q ? textCondition(state.q) : undefined;
  if (text) always.push(text);
  if (state.priceMin !== undefined) always.push(gte(versions.priceZar, state.priceMin));
  if (state.priceMax !== undefined) always.push(lte(versions.priceZar, state.priceMax));
  const byFacet: Partial<Record<Facet, SQL>> = {};
  if (state.brand.length) byFacet.brand = inArray(brands.slug, state.brand);
  if (state.body.length) byFacet.body = inArray(models.bodyType, state.body);
  if (state.fuel.length) byFacet.fuel = inArray(versions.fuel, state.fuel);
  if (state.transmission.length) byFacet.transmission = inArray(versions.transmission, state.transmission);
  if (state.drive.length) byFacet.drive = inArray(versions.drive, state.drive);
  if (state.seats !== undefined) byFacet.seats = gte(versions.seats, state.seats);
  if (state.powerMin !== undefined) byFacet.power = gte(versions.powerKw, state.powerMin);
  return { always, byFacet };
}

function whereFor(state: SearchState): SQL | undefined {
  const { always, byFacet } = conditions(state);
  return and(...always, ...Object.values(byFacet));
}

const modelCount = sql<number>`count(distinct ${models.id})::int`;

const facetColumn: Record<MultiFacet, SQL> = {
  brand: sql`${brands.slug}`,
  body: sql`${models.bodyType}`,
  fuel: sql`${versions.fuel}`,
  transmission: sql`${versions.transmission}`,
  drive: sql`${versions.drive}`,
};

async function multiFacetCounts(state: SearchState, facet: MultiFacet): Promise<Record<string, number>> {
  const column = facetColumn[facet];
  const rows = await readDb()
    .select({ value: sql<string>`${column}`, count: modelCount })
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(whereFor(stateForFacet(state, facet)))
    .groupBy(column);
  return Object.fromEntries(rows.map((r) => [r.value, r.count]));
}

async function thresholdCounts(state: SearchState, facet: "seats" | "power", thresholds: readonly number[]): Promise<Record<number, number>> {
  const column = facet === "seats" ? versions.seats : versions.powerKw;
  const selection = Object.fromEntries(
    thresholds.map((t) => [`t${t}`, sql<number>`(count(distinct ${models.id}) filter (where ${column} >= ${t}))::int`]),
  );
  const [row] = await readDb()
    .select(selection)
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(whereFor(stateForFacet(state, facet)));
  return Object.fromEntries(thresholds.map((t) => [t, Number(row?.[`t${t}`] ?? 0)]));
}

const minPrice = sql<number>`min(${versions.priceZar})::int`;
const maxPrice = sql<number>`max(${versions.priceZar})::int`;
const maxPower = sql<number>`max(${versions.powerKw})::int`;
const minConsumption = sql<number | null>`min(${versions.consumptionL100km})::float8`;

const sortOrder: Record<SearchSort, SQL[]> = {
  popular: [desc(models.popularity), asc(models.id)],
  "price-asc": [asc(minPrice), asc(models.id)],
  "price-desc": [desc(maxPrice), asc(models.id)],
  "power-desc": [desc(maxPower), asc(minPrice), asc(models.id)],
  "consumption-asc": [sql`min(${versions.consumptionL100km}) asc nulls last`, asc(minPrice), asc(models.id)],
  newest: [desc(models.launchDate), asc(models.id)],
};

async function resultPage(state: SearchState): Promise<SearchResult[]> {
  const rows = await readDb()
    .select({
      id: models.id,
      slug: models.slug,
      name: models.name,
      bodyType: models.bodyType,
      colour: models.colour,
      launchDate: models.launchDate,
      brandSlug: brands.slug,
      brandName: brands.name,
      fuels: sql<FuelType[]>`array_agg(distinct ${versions.fuel} order by ${versions.fuel})`,
      transmissions: sql<Transmission[]>`array_agg(distinct ${versions.transmission} order by ${versions.transmission})`,
      matching: sql<number>`count(*)::int`,
      versionCount: sql<number>`(select count(*) from versions as all_versions where all_versions.model_id = ${models.id} and all_versions.on_sale)::int`,
      minPrice,
      maxPrice,
      maxPowerKw: maxPower,
      minConsumption,
      compareVersionId: sql<number>`(array_agg(${versions.id} order by ${versions.priceZar}, ${versions.id}))[1]`,
      compareVersionName: sql<string>`(array_agg(${versions.name} order by ${versions.priceZar}, ${versions.id}))[1]`,
    })
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(whereFor(state))
    .groupBy(models.id, brands.id)
    .orderBy(...sortOrder[state.sort])
    .limit(SEARCH_PAGE_SIZE)
    .offset((state.page - 1) * SEARCH_PAGE_SIZE);
  return rows.map((r) => ({
    ...r,
    compareVersionId: Number(r.compareVersionId),
    minConsumption: r.minConsumption === null ? null : Number(r.minConsumption),
  }));
}

async function totals(state: SearchState): Promise<{ models: number; versions: number }> {
  const [row] = await readDb()
    .select({ models: modelCount, versions: sql<number>`count(*)::int` })
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(whereFor(state));
  return { models: Number(row?.models ?? 0), versions: Number(row?.versions ?? 0) };
}

/** The canonical URL of what a facet's counts read: its own filter, the sort and the page never matter. */
function countsKey(state: SearchState, facet: Facet): string {
  return `counts:${facet}:${searchUrl({ ...stateForFacet(state, facet), sort: "popular" })}`;
}

/** One page of results, the totals and every facet's counts for a (valid) search state. */
export async function searchNewCars(state: SearchState): Promise<SearchOutcome> {
  const filters = searchUrl({ ...state, sort: "popular", page: 1 });
  const multi = (facet: MultiFacet) => catalogueAnswer(countsKey(state, facet), () => multiFacetCounts(state, facet));
  const [results, total, brand, body, fuel, transmission, drive, seats, power] = await Promise.all([
    catalogueAnswer(`results:${searchUrl(state)}`, () => resultPage(state)),
    catalogueAnswer(`totals:${filters}`, () => totals(state)),
    multi("brand"),
    multi("body"),
    multi("fuel"),
    multi("transmission"),
    multi("drive"),
    catalogueAnswer(countsKey(state, "seats"), () => thresholdCounts(state, "seats", seatOptions)),
    catalogueAnswer(countsKey(state, "power"), () => thresholdCounts(state, "power", powerOptions)),
  ]);
  return {
    results,
    total: total.models,
    totalVersions: total.versions,
    counts: { brand, body, fuel, transmission, drive, seats, power } as FacetCounts,
  };
}

/** The stated finance terms a monthly budget is read on (issue 47; the cost figures, passed in by the page). */
export type BudgetTerms = Pick<AffordabilityInput, "balloonPercent" | "termMonths" | "annualRatePercent">;

/** A monthly budget turned into a price: "up to R 312 000 at about R 6 500 a month". */
export interface BudgetPrice {
  monthly: number;
  deposit: number;
  maxPrice: number;
}

interface NewCarSearchPage extends SearchOutcome {
  state: SearchState;
  /** The monthly budget's price, when the search has one. */
  budget: BudgetPrice | null;
  notices: string[];
  brands: BrandOption[];
  pageCount: number;
  /** The requested page is after the last one. */
  pastEnd: boolean;
  /** The URL with the same search written canonically (defaults dropped, fixed order). */
  canonicalUrl: string;
}

/**
 * Everything the search page shows for its URL parameters; bad values are dropped with a notice.
 * `terms` reads a monthly budget (its price and any maximum price: the lower of the two).
 */
export async function newCarSearchPage(params: URLSearchParams, terms: BudgetTerms | null = null): Promise<NewCarSearchPage> {
  const { state, notices } = parseSearchParams(params);
  if (state.budget !== undefined && !terms) {
    notices.push("A monthly budget cannot be turned into a price right now; it was ignored.");
    delete state.budget;
    delete state.deposit;
  }
  const budget: BudgetPrice | null =
    state.budget !== undefined && terms
      ? { monthly: state.budget, deposit: state.deposit ?? 0, maxPrice: affordablePrice({ ...terms, monthlyBudget: state.budget, deposit: state.deposit ?? 0 }) }
      : null;
  const brandList = await brandOptions();
  const known = new Set(brandList.map((b) => b.slug));
  const unknown = state.brand.filter((slug) => !known.has(slug));
  if (unknown.length) {
    state.brand = state.brand.filter((slug) => known.has(slug));
    for (const slug of unknown) notices.push(`There is no brand “${slug}” in the catalogue; it was ignored.`);
  }
  // The queries' memo keys carry the budget and the price it gives, so a new rate is a new answer.
  const outcome = await searchNewCars(budget ? { ...state, priceMax: Math.min(state.priceMax ?? Number.POSITIVE_INFINITY, budget.maxPrice) } : state);
  const pages = pageCount(outcome.total);
  return { ...outcome, state, budget, notices, brands: brandList, pageCount: pages, pastEnd: state.page > pages, canonicalUrl: searchUrl(state) };
}
