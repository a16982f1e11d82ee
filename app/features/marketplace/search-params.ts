import { adDrives, sellerKinds, type AdDrive, type SellerKind } from "../../../db/schema/vocabulary";
import { bodyTypes, fuelTypes, transmissions, type BodyType, type FuelType, type Transmission } from "../../../db/schema/vocabulary";
import { multiParam, quoteValue, singleParam } from "~/lib/url-params";
import { z } from "~/lib/zod";
import { findCity, findProvince } from "./places";
import { MARKETPLACE_SEARCH_PATH } from "./urls";
import { findColour } from "./vocabulary";

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
} as const;

export const usedSorts = ["newest", "price-asc", "price-desc", "km-asc", "year-desc", "rating"] as const;
export type UsedSort = (typeof usedSorts)[number];

export const usedSortLabels: Record<UsedSort, string> = {
  newest: "Newest ads",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  "km-asc": "Mileage: lowest first",
  "year-desc": "Year: newest first",
  rating: "Best price rating",
};

/** The "maximum price" choices (their counts come from the index's price histogram). */
export const PRICE_STEPS = [50_000, 75_000, 100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000] as const;
/** The "maximum mileage" choices. */
export const KM_STEPS = [10_000, 20_000, 50_000, 75_000, 100_000, 150_000, 200_000, 250_000] as const;

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/);

/** Digits with optional spaces, dots, commas, a leading R or ZAR, a trailing km ("250 000", "R250,000"). */
const amount = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/^\s*(?:R|ZAR)\s*/i, "").replace(/\s*km\s*$/i, "").replace(/[\s.,\u00a0]/g, ""))
    .pipe(z.string().regex(/^\d{1,12}$/, "not a number"))
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/** The shape of a valid search, parameter by parameter (repeated values already split). */
export const usedSearchSchema = z.object({
  q: z.string().max(USED_LIMITS.qMax),
  make: slug,
  model: slug,
  price_min: amount(USED_LIMITS.priceMax),
  price_max: amount(USED_LIMITS.priceMax),
  year_min: amount(USED_LIMITS.yearMax).pipe(z.number().min(USED_LIMITS.yearMin)),
  year_max: amount(USED_LIMITS.yearMax).pipe(z.number().min(USED_LIMITS.yearMin)),
  km_max: amount(USED_LIMITS.kmMax),
  fuel: z.array(z.enum(fuelTypes)),
  transmission: z.array(z.enum(transmissions)),
  body: z.array(z.enum(bodyTypes)),
  drive: z.array(z.enum(adDrives)),
  colour: z.array(slug.refine((s) => findColour(s) !== undefined)),
  province: z.array(slug.refine((s) => findProvince(s) !== undefined)),
  city: z.array(slug.refine((s) => findCity(s) !== undefined)),
  seller: z.enum(sellerKinds),
  photos: z.literal("1"),
  sort: z.enum(usedSorts),
  page: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1)),
});

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
} as const satisfies Record<keyof typeof usedSearchSchema.shape, string>;

export interface ParsedUsedSearch {
  search: UsedSearch;
  /** Plain sentences for the visitor about what was ignored or adjusted. */
  notices: string[];
}

const NUMBERS = [
  ["price_min", "priceMin", 0, USED_LIMITS.priceMax],
  ["price_max", "priceMax", 0, USED_LIMITS.priceMax],
  ["year_min", "yearMin", USED_LIMITS.yearMin, USED_LIMITS.yearMax],
  ["year_max", "yearMax", USED_LIMITS.yearMin, USED_LIMITS.yearMax],
  ["km_max", "kmMax", 0, USED_LIMITS.kmMax],
] as const;

/** Turns URL parameters into a used-car search; never throws. */
export function parseUsedSearch(params: URLSearchParams): ParsedUsedSearch {
  const notices: string[] = [];
  const search = emptyUsedSearch();
  const shape = usedSearchSchema.shape;

  const rawQ = (params.get("q") ?? "").normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
  search.q = rawQ.slice(0, USED_LIMITS.qMax).trim();
  if (rawQ.length > USED_LIMITS.qMax) notices.push(`The keyword was too long and was shortened to ${USED_LIMITS.qMax} characters.`);

  // make1/model1 … make3/model3; a plain make/model pair (a hand-written link) counts as the first.
  const seen = new Set<string>();
  for (let i = 0; i <= MAX_VEHICLES; i++) {
    const make = singleParam(params, i === 0 ? "make" : `make${i}`)?.toLowerCase();
    const model = singleParam(params, i === 0 ? "model" : `model${i}`)?.toLowerCase();
    if (make === undefined) {
      if (model !== undefined) notices.push(`${usedParamLabels.model} ${quoteValue(model)} needs a make and was ignored.`);
      continue;
    }
    if (!shape.make.safeParse(make).success) {
      notices.push(`${usedParamLabels.make} ${quoteValue(make)} is not a make we know and was ignored.`);
      continue;
    }
    const choice: VehicleChoice = { make };
    if (model !== undefined) {
      if (shape.model.safeParse(model).success) choice.model = model;
      else notices.push(`${usedParamLabels.model} ${quoteValue(model)} is not a model we know and was ignored.`);
    }
    const key = `${choice.make}/${choice.model ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (search.vehicles.length >= MAX_VEHICLES) {
      notices.push(`Only ${MAX_VEHICLES} makes or models can be searched at once; the others were ignored.`);
      break;
    }
    search.vehicles.push(choice);
  }

  for (const [param, field, min, max] of NUMBERS) {
    const raw = singleParam(params, param);
    if (raw === undefined) continue;
    const parsed = shape[param].safeParse(raw);
    if (parsed.success) {
      search[field] = parsed.data;
      continue;
    }
    // A number out of range is clamped; anything else is dropped.
    const digits = raw.replace(/^\s*(?:R|ZAR)\s*/i, "").replace(/\s*km\s*$/i, "").replace(/[\s.,\u00a0]/g, "");
    if (/^\d{1,15}$/.test(digits)) {
      const clamped = Math.min(Math.max(Number(digits), min), max);
      search[field] = clamped;
      notices.push(`${usedParamLabels[param]} ${quoteValue(raw)} is out of range; ${clamped} was used instead.`);
    } else {
      notices.push(`${usedParamLabels[param]} ${quoteValue(raw)} is not a number and was ignored.`);
    }
  }
  const swap = (a: "priceMin" | "yearMin", b: "priceMax" | "yearMax", what: string) => {
    const lo = search[a];
    const hi = search[b];
    if (lo !== undefined && hi !== undefined && lo > hi) {
      search[a] = hi;
      search[b] = lo;
      notices.push(`The minimum ${what} was above the maximum; the two were swapped.`);
    }
  };
  swap("priceMin", "priceMax", "price");
  swap("yearMin", "yearMax", "year");
  // 0 means "no bound" for a minimum.
  if (search.priceMin === 0) delete search.priceMin;

  for (const key of MULTI_KEYS) {
    let values = multiParam(params, key);
    if (values.length > USED_LIMITS.multiMax) {
      values = values.slice(0, USED_LIMITS.multiMax);
      notices.push(`Only the first ${USED_LIMITS.multiMax} values of ${usedParamLabels[key].toLowerCase()} were kept.`);
    }
    const item = shape[key].element;
    const valid: string[] = [];
    for (const value of values) {
      if (item.safeParse(value).success) valid.push(value);
      else notices.push(`${usedParamLabels[key]} ${quoteValue(value)} is not a valid choice and was ignored.`);
    }
    (search[key] as string[]) = valid;
  }

  const seller = singleParam(params, "seller")?.toLowerCase();
  if (seller !== undefined) {
    const parsed = shape.seller.safeParse(seller);
    if (parsed.success) search.seller = parsed.data;
    else notices.push(`${usedParamLabels.seller} ${quoteValue(seller)} is not a valid choice and was ignored.`);
  }
  const photos = singleParam(params, "photos");
  if (photos !== undefined) {
    if (shape.photos.safeParse(photos).success || photos === "on" || photos === "true") search.photos = true;
    else if (photos !== "0") notices.push(`${usedParamLabels.photos} ${quoteValue(photos)} is not a valid choice and was ignored.`);
  }

  const sort = singleParam(params, "sort");
  if (sort !== undefined) {
    const parsed = shape.sort.safeParse(sort);
    if (parsed.success) search.sort = parsed.data;
    else notices.push(`Sort ${quoteValue(sort)} is not available; the newest ads come first.`);
  }
  const page = singleParam(params, "page");
  if (page !== undefined) {
    const parsed = shape.page.safeParse(page);
    if (parsed.success) search.page = parsed.data;
    else notices.push(`Page ${quoteValue(page)} does not exist; showing the first page.`);
  }
  return { search, notices };
}

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
  for (const [param, field] of NUMBERS) {
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
    [search.priceMin, search.priceMax, search.yearMin, search.yearMax, search.kmMax, search.seller].some((v) => v !== undefined) ||
    MULTI_KEYS.some((k) => search[k].length > 0) ||
    search.photos
  );
}

export function usedPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / USED_PAGE_SIZE));
}
