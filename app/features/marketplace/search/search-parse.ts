import { multiParam, quoteValue, singleParam } from "~/lib/url-params";
import { z } from "~/lib/zod";
import { adDrives, sellerKinds } from "../../../../db/schema/vocabulary";
import { bodyTypes, fuelTypes, transmissions } from "../../../../db/schema/vocabulary";
import { amountDigits } from "~/lib/amounts";
import { findCity, findProvince } from "~/lib/places";
import { emptyUsedSearch, MAX_VEHICLES, MULTI_KEYS, USED_LIMITS, type UsedSearch, usedParamLabels, usedSorts, USED_NUMBER_PARAMS, type VehicleChoice } from "./search-params";
import { findColour } from "../vocabulary";

// Reading a used-car search from URL parameters (the loader, and the filter form before it
// navigates): one zod schema, bad values dropped or clamped with a notice for the visitor. Apart
// from the rest of search-params.ts so that pages which only build search links do not load the
// validation library (the filter form loads this on its first change).

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/);

/** Digits with thousands separators, a leading R or ZAR, a trailing km ("250 000", "R250,000"; amounts.ts). */
const amount = (max: number) =>
  z
    .string()
    .transform(amountDigits)
    .pipe(z.string().regex(/^\d{1,12}$/, "not a number"))
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/** The shape of a valid search, parameter by parameter (repeated values already split). */
const usedSearchSchema = z.object({
  q: z.string().max(USED_LIMITS.qMax),
  make: slug,
  model: slug,
  price_min: amount(USED_LIMITS.priceMax),
  price_max: amount(USED_LIMITS.priceMax),
  year_min: amount(USED_LIMITS.yearMax).pipe(z.number().min(USED_LIMITS.yearMin)),
  year_max: amount(USED_LIMITS.yearMax).pipe(z.number().min(USED_LIMITS.yearMin)),
  km_max: amount(USED_LIMITS.kmMax),
  budget: amount(USED_LIMITS.budgetMax).pipe(z.number().min(USED_LIMITS.budgetMin)),
  deposit: amount(USED_LIMITS.priceMax),
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

/** Every parameter of the schema has its label (a type check). */
const paramLabel: Record<keyof typeof usedSearchSchema.shape, string> = usedParamLabels;

interface ParsedUsedSearch {
  search: UsedSearch;
  /** Plain sentences for the visitor about what was ignored or adjusted. */
  notices: string[];
}


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
      if (model !== undefined) notices.push(`${paramLabel.model} ${quoteValue(model)} needs a make and was ignored.`);
      continue;
    }
    if (!shape.make.safeParse(make).success) {
      notices.push(`${paramLabel.make} ${quoteValue(make)} is not a make we know and was ignored.`);
      continue;
    }
    const choice: VehicleChoice = { make };
    if (model !== undefined) {
      if (shape.model.safeParse(model).success) choice.model = model;
      else notices.push(`${paramLabel.model} ${quoteValue(model)} is not a model we know and was ignored.`);
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

  for (const [param, field, min, max] of USED_NUMBER_PARAMS) {
    const raw = singleParam(params, param);
    if (raw === undefined) continue;
    const parsed = shape[param].safeParse(raw);
    if (parsed.success) {
      search[field] = parsed.data;
      continue;
    }
    // A number out of range is clamped; anything else is dropped.
    const digits = amountDigits(raw);
    if (/^\d{1,15}$/.test(digits)) {
      const clamped = Math.min(Math.max(Number(digits), min), max);
      search[field] = clamped;
      notices.push(`${paramLabel[param]} ${quoteValue(raw)} is out of range; ${clamped} was used instead.`);
    } else {
      notices.push(`${paramLabel[param]} ${quoteValue(raw)} is not a number and was ignored.`);
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
  // A deposit is part of a monthly budget; alone it says nothing about a price.
  if (search.budget === undefined && search.deposit !== undefined) {
    delete search.deposit;
    notices.push(`${paramLabel.deposit} counts only with a monthly budget and was ignored.`);
  }
  if (search.deposit === 0) delete search.deposit;

  for (const key of MULTI_KEYS) {
    let values = multiParam(params, key);
    if (values.length > USED_LIMITS.multiMax) {
      values = values.slice(0, USED_LIMITS.multiMax);
      notices.push(`Only the first ${USED_LIMITS.multiMax} values of ${paramLabel[key].toLowerCase()} were kept.`);
    }
    const item = shape[key].element;
    const valid: string[] = [];
    for (const value of values) {
      if (item.safeParse(value).success) valid.push(value);
      else notices.push(`${paramLabel[key]} ${quoteValue(value)} is not a valid choice and was ignored.`);
    }
    (search[key] as string[]) = valid;
  }

  const seller = singleParam(params, "seller")?.toLowerCase();
  if (seller !== undefined) {
    const parsed = shape.seller.safeParse(seller);
    if (parsed.success) search.seller = parsed.data;
    else notices.push(`${paramLabel.seller} ${quoteValue(seller)} is not a valid choice and was ignored.`);
  }
  const photos = singleParam(params, "photos");
  if (photos !== undefined) {
    if (shape.photos.safeParse(photos).success || photos === "on" || photos === "true") search.photos = true;
    else if (photos !== "0") notices.push(`${paramLabel.photos} ${quoteValue(photos)} is not a valid choice and was ignored.`);
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
