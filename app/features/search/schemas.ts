import { bodyTypes, drives, fuelTypes, transmissions } from "../../../db/schema/vocabulary";
import { multiParam, quoteValue, singleParam } from "~/lib/url-params";
import { z } from "~/lib/zod";
import { emptySearch, MULTI, paramLabels, SEARCH_LIMITS, type SearchParam, searchSorts, type SearchState } from "./search-params";

export * from "./search-params";

// The new-car search's one schema, shared by the loader (the authority) and the filter form,
// which loads this module on first use. Each parameter is checked on its own so one bad value
// never spoils the others: it is dropped (or clamped) and a notice says so.

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/, "not a brand");

/** Digits with optional spaces, dots, commas or a leading R ("250 000", "R250,000", "250.000"). */
const amount = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/^\s*(?:R|ZAR)\s*/i, "").replace(/[\s.,\u00a0]/g, ""))
    .pipe(z.string().regex(/^\d{1,12}$/, "not a number"))
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/** The shape of a valid search, parameter by parameter (arrays already split): one rule for each labelled parameter. */
const searchParamsSchema = z.object({
  q: z.string().max(SEARCH_LIMITS.qMax),
  brand: z.array(slug),
  body: z.array(z.enum(bodyTypes)),
  fuel: z.array(z.enum(fuelTypes)),
  transmission: z.array(z.enum(transmissions)),
  drive: z.array(z.enum(drives)),
  price_min: amount(SEARCH_LIMITS.priceMax),
  price_max: amount(SEARCH_LIMITS.priceMax),
  seats: amount(SEARCH_LIMITS.seatsMax).pipe(z.number().min(1)),
  power_min: amount(SEARCH_LIMITS.powerMax),
  budget: amount(SEARCH_LIMITS.budgetMax).pipe(z.number().min(SEARCH_LIMITS.budgetMin)),
  deposit: amount(SEARCH_LIMITS.priceMax),
  sort: z.enum(searchSorts),
  page: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1)),
} satisfies Record<SearchParam, z.ZodType>);

interface ParsedSearch {
  state: SearchState;
  /** Plain sentences for the visitor about what was ignored or adjusted. */
  notices: string[];
}

/** Turns URL parameters into a search; never throws. */
export function parseSearchParams(params: URLSearchParams): ParsedSearch {
  const notices: string[] = [];
  const state: SearchState = { ...emptySearch, brand: [], body: [], fuel: [], transmission: [], drive: [] };
  const shape = searchParamsSchema.shape;

  const rawQ = (params.get("q") ?? "").normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
  if (rawQ.length > SEARCH_LIMITS.qMax) {
    state.q = rawQ.slice(0, SEARCH_LIMITS.qMax).trim();
    notices.push(`The search text was too long and was shortened to ${SEARCH_LIMITS.qMax} characters.`);
  } else {
    state.q = rawQ;
  }

  for (const key of MULTI) {
    let values = multiParam(params, key);
    if (values.length > SEARCH_LIMITS.multiMax) {
      values = values.slice(0, SEARCH_LIMITS.multiMax);
      notices.push(`Only the first ${SEARCH_LIMITS.multiMax} values of ${paramLabels[key].toLowerCase()} were kept.`);
    }
    const item = shape[key].element;
    const valid: string[] = [];
    for (const value of values) {
      if (item.safeParse(value).success) valid.push(value);
      else notices.push(`${paramLabels[key]} ${quoteValue(value)} is not a valid choice and was ignored.`);
    }
    (state[key] as string[]) = valid;
  }

  const numbers = [
    ["price_min", "priceMin"],
    ["price_max", "priceMax"],
    ["seats", "seats"],
    ["power_min", "powerMin"],
    ["budget", "budget"],
    ["deposit", "deposit"],
  ] as const;
  for (const [param, field] of numbers) {
    const raw = singleParam(params, param);
    if (raw === undefined) continue;
    const parsed = shape[param].safeParse(raw);
    if (parsed.success) {
      state[field] = parsed.data;
      continue;
    }
    // An in-range-but-too-big number is clamped; anything else is dropped.
    const digits = raw.replace(/[\s.,\u00a0]/g, "");
    if (/^\d{1,15}$/.test(digits)) {
      const max = param === "seats" ? SEARCH_LIMITS.seatsMax : param === "power_min" ? SEARCH_LIMITS.powerMax : param === "budget" ? SEARCH_LIMITS.budgetMax : SEARCH_LIMITS.priceMax;
      const min = param === "seats" ? 1 : param === "budget" ? SEARCH_LIMITS.budgetMin : 0;
      const clamped = Math.min(Math.max(Number(digits), min), max);
      state[field] = clamped;
      notices.push(`${paramLabels[param]} ${quoteValue(raw)} is out of range; ${clamped} was used instead.`);
    } else {
      notices.push(`${paramLabels[param]} ${quoteValue(raw)} is not a number and was ignored.`);
    }
  }
  if (state.priceMin !== undefined && state.priceMax !== undefined && state.priceMin > state.priceMax) {
    [state.priceMin, state.priceMax] = [state.priceMax, state.priceMin];
    notices.push("The minimum price was above the maximum price; the two were swapped.");
  }
  // 0 means "no bound" for the minimums.
  if (state.priceMin === 0) delete state.priceMin;
  if (state.powerMin === 0) delete state.powerMin;
  // A deposit is part of a monthly budget; alone it says nothing about a price.
  if (state.budget === undefined && state.deposit !== undefined) {
    delete state.deposit;
    notices.push(`${paramLabels.deposit} counts only with a monthly budget and was ignored.`);
  }
  if (state.deposit === 0) delete state.deposit;

  const sort = singleParam(params, "sort");
  if (sort !== undefined) {
    const parsed = shape.sort.safeParse(sort);
    if (parsed.success) state.sort = parsed.data;
    else notices.push(`Sort ${quoteValue(sort)} is not available; the results are sorted by popularity.`);
  }

  const page = singleParam(params, "page");
  if (page !== undefined) {
    const parsed = shape.page.safeParse(page);
    if (parsed.success) state.page = parsed.data;
    else notices.push(`Page ${quoteValue(page)} does not exist; showing the first page.`);
  }
  return { state, notices };
}
