import { and, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { usedAds } from "../../../../db/schema";
import { searchIndex } from "../search/search-index.server";
import type { FacetOption } from "../search/search-view";
import { findCatalogueModel } from "../selling/ad-catalogue.server";
import { type ComparableCar, comparableAskedPrices, comparablePrices } from "./comparables.server";
import { mileageBand } from "./price-rating";
import { lastTwelveMonths, type MonthlyMedian, monthlyMedians, type Valuation, valueFromComparables } from "./valuation";
import type { ValuationInput } from "./valuation-schema";
import { valuationUrl } from "./valuation-form";
import { nameSlug } from "../search/search-engine";

// "What is my car worth?" (issue 47): the makes and models on offer (the used-car search's, from
// its index: the cars with live ads), a car's valuation from its comparables with the median
// asking price month by month, and what each of a seller's live ads is worth now (My ads).
// Nothing here is memoised: ads come and go (docs/adding-a-page.md rule 5).

export interface ValuationChoices {
  makes: FacetOption[];
  /** The chosen make's models (empty before a make is chosen). */
  models: FacetOption[];
  /** The catalogue's versions of the chosen model (the variant field's suggestions). */
  variants: string[];
}

/** The makes with live ads, A to Z, and the models of `makeSlug`, each with its live ads. */
export async function valuationChoices(makeSlug: string, modelSlug = ""): Promise<ValuationChoices> {
  const { index } = await searchIndex();
  const makes = index.makes.values
    .map((value, code) => ({ value, label: index.makeNames[code] ?? value, count: index.makeLive[code] ?? 0 }))
    .filter((o) => o.count > 0)
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  const makeCode = makeSlug ? index.makes.find(makeSlug) : undefined;
  const models: FacetOption[] = [];
  if (makeCode !== undefined) {
    index.models.values.forEach((key, code) => {
      const count = index.modelLive[code] ?? 0;
      if (index.modelMake[code] === makeCode && count > 0) models.push({ value: key.slice(makeSlug.length + 1), label: index.modelNames[code] ?? key, count });
    });
    models.sort((a, b) => a.label.localeCompare(b.label, "en"));
  }
  const car = modelSlug ? await findVehicle(makeSlug, modelSlug) : undefined;
  const match = car ? await findCatalogueModel(car.makeName, car.modelName) : undefined;
  return { makes, models, variants: match?.versions.map((v) => v.name) ?? [] };
}

/** The make and model names behind the search's slugs, or undefined for a car it has never listed. */
async function findVehicle(makeSlug: string, modelSlug: string): Promise<{ makeName: string; modelName: string } | undefined> {
  const { index } = await searchIndex();
  const makeCode = index.makes.find(makeSlug);
  const modelCode = index.models.find(`${makeSlug}/${modelSlug}`);
  if (makeCode === undefined || modelCode === undefined || index.modelMake[modelCode] !== makeCode) return undefined;
  return { makeName: index.makeNames[makeCode] ?? makeSlug, modelName: index.modelNames[modelCode] ?? modelSlug };
}

export interface CarValuation {
  car: ValuationInput & { makeName: string; modelName: string };
  /** The car's catalogue brand and model, when the catalogue holds them (a trade-in's dealers rank by it). */
  catalogueCar: { brandId: number; modelId: number } | null;
  valuation: Valuation;
  /** The median asking price of the comparables in each of the last twelve months, oldest first. */
  months: MonthlyMedian[];
  /** The comparables' years and mileage band, to say what was compared. */
  compared: { yearFrom: number; yearTo: number; kmFrom: number; kmTo: number };
}

export type CarValuationAnswer = { ok: true; answer: CarValuation } | { ok: false; errors: { make?: string; model?: string } };

export const UNKNOWN_CAR_MESSAGES = {
  make: "Choose a make from the list: there is no car of this make on Voitura",
  model: "Choose a model from the list",
} as const;

/** The car's value from its comparables now, and their monthly medians over the last year. */
export async function valueCar(input: ValuationInput, now: Date = new Date(), executor: Executor = db()): Promise<CarValuationAnswer> {
  const { index } = await searchIndex();
  if (index.makes.find(input.make) === undefined) return { ok: false, errors: { make: UNKNOWN_CAR_MESSAGES.make } };
  const names = await findVehicle(input.make, input.model);
  if (!names) return { ok: false, errors: { model: UNKNOWN_CAR_MESSAGES.model } };
  const match = await findCatalogueModel(names.makeName, names.modelName);
  const car: ComparableCar = { modelId: match?.modelId ?? null, makeName: names.makeName, modelName: names.modelName, year: input.year, mileageKm: input.km };
  const months = lastTwelveMonths(now);
  const [prices, asked] = await Promise.all([comparablePrices(executor, car), comparableAskedPrices(executor, car, months)]);
  const band = mileageBand(input.km);
  return {
    ok: true,
    answer: {
      car: { ...input, ...names },
      catalogueCar: match ? { brandId: match.brandId, modelId: match.modelId } : null,
      valuation: valueFromComparables(prices),
      months: monthlyMedians(asked, months),
      compared: { yearFrom: input.year - 1, yearTo: input.year + 1, kmFrom: band.min, kmTo: band.max },
    },
  };
}

/** What the comparables say a live ad's car is worth: the good-or-fair range, with the count. */
export interface AdWorth {
  low: number;
  high: number;
  median: number;
  comparables: number;
  /** The valuation page's answer for the ad's car. */
  url: string;
}

/**
 * For each of these ads that is on sale, its car's worth by the same engine (the ad itself left
 * out of its comparables); an ad under five comparables is absent. One query per live ad: a
 * private seller has at most ten.
 */
export async function liveAdWorths(adIds: readonly number[], executor: Executor = db()): Promise<Record<number, AdWorth>> {
  if (adIds.length === 0) return {};
  const ads = await executor
    .select({ id: usedAds.id, modelId: usedAds.modelId, makeName: usedAds.makeName, modelName: usedAds.modelName, year: usedAds.year, mileageKm: usedAds.mileageKm })
    .from(usedAds)
    .where(and(inArray(usedAds.id, [...adIds].slice(0, 100)), eq(usedAds.status, "published")));
  const out: Record<number, AdWorth> = {};
  for (const ad of ads) {
    const valuation = valueFromComparables(await comparablePrices(executor, ad, ad.id));
    if (valuation.kind !== "valued") continue;
    const url = valuationUrl({ make: nameSlug(ad.makeName), model: nameSlug(ad.modelName), year: String(ad.year), km: String(ad.mileageKm) });
    out[ad.id] = { low: valuation.low, high: valuation.high, median: valuation.median, comparables: valuation.comparables, url };
  }
  return out;
}
