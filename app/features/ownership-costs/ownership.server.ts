// The cost of ownership's reads: the model's median used-car asking price by age (live ads, read
// each time: they are never memoised), its new prices, the petrol equivalent of a body type and the
// electric cars' running costs (catalogue answers, cached under the catalogue's revision), and the
// loaders that turn a page's URL into a car's costs. The price rating's minimum of ads is passed in
// by the route, so this feature reads nothing from the marketplace's code (which shows its figures).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { readDb } from "~/lib/db-replica.server";
import { brands, models, usedAds, versions } from "../../../db/schema";
import type { BodyType, FuelType, Transmission } from "../../../db/schema/vocabulary";
import { type CostAssumptions, DEFAULT_ASSUMPTIONS, parseCostAssumptions } from "./assumptions";
import { type CarCost, carCost, type CostCar } from "./car-cost";
import { loadCostFigures } from "./cost-figures.server";
import { type AgeMedian, curveFromMedians, median } from "./depreciation-from-ads";
import { evRunningCosts, type EvRunningCosts } from "./ev-running";
import { averageConsumption } from "./running-costs";
import type { AdCostSection, CostSection } from "./sections";

export type { AdCostSection, CostSection };

const CATALOGUE_TTL_MS = 10 * 60_000;

/** The median asking price of the model's ads on sale now, by age (the database takes the medians: one row a year). */
export async function modelAgeMedians(modelId: number, today = new Date()): Promise<AgeMedian[]> {
  const rows = await readDb()
    .select({
      year: usedAds.year,
      ads: sql<number>`count(*)::int`,
      median: sql<number>`percentile_cont(0.5) within group (order by ${usedAds.priceZar})::float8`,
    })
    .from(usedAds)
    .where(and(eq(usedAds.modelId, modelId), eq(usedAds.status, "published")))
    .groupBy(usedAds.year);
  return rows.map((r) => ({ ageYears: today.getUTCFullYear() - r.year, ads: Number(r.ads), median: Number(r.median) }));
}

/** The median new price of the model's versions on sale (of all its versions when none is). */
function modelNewPrice(modelId: number): Promise<number | null> {
  return cached(`ownership:new-price:${modelId}`, { ttlMs: CATALOGUE_TTL_MS, tags: ["catalogue"] }, async () => {
    const rows = await db().select({ price: versions.priceZar, onSale: versions.onSale }).from(versions).where(eq(versions.modelId, modelId));
    const onSale = rows.filter((r) => r.onSale);
    const prices = (onSale.length ? onSale : rows).map((r) => r.price).filter((p) => p > 0);
    return prices.length ? median(prices) : null;
  });
}

/** The average combined consumption of the petrol versions on sale of a body type (l/100 km). */
export function petrolEquivalentLitres(bodyType: BodyType): Promise<number | null> {
  return cached(`ownership:petrol-equivalent:${bodyType}`, { ttlMs: CATALOGUE_TTL_MS, tags: ["catalogue"] }, async () => {
    const rows = await db()
      .select({ litres: versions.consumptionL100km })
      .from(versions)
      .innerJoin(models, eq(models.id, versions.modelId))
      .where(and(eq(models.bodyType, bodyType), eq(versions.fuel, "petrol"), eq(versions.onSale, true)));
    return averageConsumption(rows.map((r) => r.litres ?? 0));
  });
}

async function depreciationFromAds(modelId: number, minAds: number, today: Date) {
  const [medians, newPrice] = await Promise.all([modelAgeMedians(modelId, today), modelNewPrice(modelId)]);
  return newPrice ? curveFromMedians(newPrice, medians, minAds) : null;
}

/** A catalogue version's figures, as the version page and the comparator hold them. */
export interface CostVersion {
  priceZar: number;
  fuel: FuelType;
  consumptionL100km: number | null;
  electricConsumptionKwh100km: number | null;
  massKg: number;
  servicePlanYears: number | null;
  servicePlanKm: number | null;
}

export function newCarOf(version: CostVersion, bodyType: BodyType): CostCar {
  return {
    price: version.priceZar,
    ageYears: 0,
    mileageKm: 0,
    bodyType,
    fuel: version.fuel,
    litresPer100Km: version.consumptionL100km,
    kwhPer100Km: version.electricConsumptionKwh100km,
    massKg: version.massKg,
    servicePlan: version.servicePlanYears ? { years: version.servicePlanYears, km: version.servicePlanKm } : null,
  };
}


/** A car's cost section from a page's query: the assumptions (with messages for bad ones), the costs, and the running costs of an electrified car. */
async function costSection(car: CostCar, modelId: number, search: URLSearchParams, minAds: number, defaults: CostAssumptions, today: Date): Promise<CostSection> {
  const { assumptions, messages } = parseCostAssumptions(search, defaults);
  const electrified = car.fuel === "electric" || car.fuel === "plug-in-hybrid";
  const [figures, fromAds, petrolLitres] = await Promise.all([
    loadCostFigures(),
    depreciationFromAds(modelId, minAds, today),
    electrified ? petrolEquivalentLitres(car.bodyType) : Promise.resolve(null),
  ]);
  return {
    assumptions,
    messages,
    result: carCost(car, assumptions, figures, fromAds, today),
    ev: evRunningCosts({ fuel: car.fuel, kwhPer100Km: car.kwhPer100Km, litresPer100Km: car.litresPer100Km }, assumptions, figures, petrolLitres),
  };
}

/** The version page's cost of ownership, from its URL. */
export function loadVersionCost(request: Request, version: CostVersion, model: { id: number; bodyType: BodyType }, minAds: number, today = new Date()): Promise<CostSection> {
  return costSection(newCarOf(version, model.bodyType), model.id, new URL(request.url).searchParams, minAds, DEFAULT_ASSUMPTIONS, today);
}

/** What the ad page knows of its car. */
export interface CostAd {
  modelId: number | null;
  year: number;
  mileageKm: number;
  priceZar: number;
  fuel: FuelType;
  transmission: Transmission;
  bodyType: BodyType;
  engineCc: number | null;
  province: string;
}

/**
 * The catalogue version an ad's figures come from: the model's version with the ad's fuel, then
 * its gearbox, then the closest engine size (its consumption, mass and service plan).
 */
async function closestVersion(ad: CostAd) {
  if (ad.modelId === null) return null;
  const rows = await db()
    .select({
      name: versions.name,
      priceZar: versions.priceZar,
      fuel: versions.fuel,
      transmission: versions.transmission,
      engineCc: versions.engineCc,
      consumptionL100km: versions.consumptionL100km,
      electricConsumptionKwh100km: versions.electricConsumptionKwh100km,
      massKg: versions.massKg,
      servicePlanYears: versions.servicePlanYears,
      servicePlanKm: versions.servicePlanKm,
    })
    .from(versions)
    .where(and(eq(versions.modelId, ad.modelId), eq(versions.fuel, ad.fuel)))
    .orderBy(asc(versions.id));
  const score = (v: (typeof rows)[number]) => (v.transmission === ad.transmission ? 0 : 100_000) + Math.abs((v.engineCc ?? 0) - (ad.engineCc ?? v.engineCc ?? 0));
  return rows.sort((a, b) => score(a) - score(b))[0] ?? null;
}


/** The ad page's cost of ownership (null for a car the catalogue cannot match), from its URL; the ad's province is the default. */
export async function loadAdCost(request: Request, ad: CostAd, minAds: number, today = new Date()): Promise<AdCostSection | null> {
  const version = await closestVersion(ad);
  if (!version || ad.modelId === null) return null;
  const ageYears = Math.max(0, today.getUTCFullYear() - ad.year);
  const car: CostCar = { ...newCarOf(version, ad.bodyType), price: ad.priceZar, ageYears, mileageKm: ad.mileageKm };
  const defaults = { ...DEFAULT_ASSUMPTIONS, province: ad.province };
  const section = await costSection(car, ad.modelId, new URL(request.url).searchParams, minAds, defaults, today);
  return { ...section, versionName: version.name, ageYears };
}

/** The comparator's cars on the default assumptions (their page's table changes them). */
export async function comparedCarCosts(
  cars: readonly (CostVersion & { modelId: number; bodyType: BodyType })[],
  minAds: number,
  today = new Date(),
): Promise<{ assumptions: CostAssumptions; costs: { result: CarCost; ev: EvRunningCosts | null }[] }> {
  const none = new URLSearchParams();
  const sections = await Promise.all(cars.map((car) => costSection(newCarOf(car, car.bodyType), car.modelId, none, minAds, DEFAULT_ASSUMPTIONS, today)));
  return { assumptions: DEFAULT_ASSUMPTIONS, costs: sections.map((s) => ({ result: s.result, ev: s.ev })) };
}

export interface ElectricRunningRow {
  modelId: number;
  versionId: number;
  versionSlug: string;
  versionName: string;
  modelSlug: string;
  modelName: string;
  brandSlug: string;
  brandName: string;
  fuel: FuelType;
  costs: EvRunningCosts;
}

/** Each electric and plug-in hybrid model's cheapest version on sale with its running costs (default assumptions), cheapest first. */
export async function electricRunningRows(): Promise<ElectricRunningRow[]> {
  const rows = await cached("ownership:electric-versions", { ttlMs: CATALOGUE_TTL_MS, tags: ["catalogue"] }, () =>
    db()
      .select({
        versionId: versions.id,
        versionSlug: versions.slug,
        versionName: versions.name,
        modelId: models.id,
        modelSlug: models.slug,
        modelName: models.name,
        bodyType: models.bodyType,
        brandSlug: brands.slug,
        brandName: brands.name,
        fuel: versions.fuel,
        kwh: versions.electricConsumptionKwh100km,
        litres: versions.consumptionL100km,
      })
      .from(versions)
      .innerJoin(models, eq(models.id, versions.modelId))
      .innerJoin(brands, eq(brands.id, models.brandId))
      .where(and(eq(versions.onSale, true), inArray(versions.fuel, ["electric", "plug-in-hybrid"]), sql`${versions.electricConsumptionKwh100km} is not null`))
      .orderBy(asc(versions.priceZar), asc(versions.id)),
  );
  const cheapest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!cheapest.has(row.modelId)) cheapest.set(row.modelId, row);
  const figures = await loadCostFigures();
  const out: ElectricRunningRow[] = [];
  for (const row of cheapest.values()) {
    const equivalent = await petrolEquivalentLitres(row.bodyType);
    const costs = evRunningCosts({ fuel: row.fuel, kwhPer100Km: row.kwh, litresPer100Km: row.litres }, DEFAULT_ASSUMPTIONS, figures, equivalent);
    if (!costs) continue;
    const { bodyType: _b, kwh: _k, litres: _l, ...names } = row;
    out.push({ ...names, costs });
  }
  return out;
}
