import type { brands, BodyType, Drive, FuelType, models, priceHistory, promotions, Transmission, versions } from "../schema";
import { allBrands } from "./data";
import { equipmentFor } from "./data/equipment";
import { addDays, addMonths, isValidDate, REFERENCE_DATE } from "./dates";
import { hash32, randomFor } from "./random";
import { slugify } from "./slug";
import type { BrandSource, Gearbox, ModelSource, Powertrain, Trim } from "./types";

// Rows as they go into the database, linked by external code instead of serial ids
// (ids only exist once inserted; the future importer also matches on external codes).
type Timestamps = "id" | "createdAt" | "updatedAt";
type BrandRow = Omit<typeof brands.$inferSelect, Timestamps>;
type ModelRow = Omit<typeof models.$inferSelect, Timestamps | "brandId"> & { brandCode: string };
export type VersionRow = Omit<typeof versions.$inferSelect, Timestamps | "modelId"> & { modelCode: string };
type PriceHistoryRow = Omit<typeof priceHistory.$inferSelect, "id" | "versionId"> & { versionCode: string };
type PromotionRow = Omit<typeof promotions.$inferSelect, "id" | "versionId"> & { versionCode: string };

export interface Catalogue {
  brands: BrandRow[];
  models: ModelRow[];
  versions: VersionRow[];
  priceHistory: PriceHistoryRow[];
  promotions: PromotionRow[];
}

// Paint colours for the generated illustrations: saturated enough to read on white and on slate.
const paintPalette = [
  "#C8102E", "#1F4E9C", "#0B6E4F", "#E0A100", "#3A3F44", "#8A9199", "#6D2E8C", "#0077B6",
  "#B85C38", "#3D5A80", "#6B8E23", "#E36414", "#9A031E", "#264653", "#2A9D8F", "#7A8B5C",
  "#7F5539", "#4A4E69", "#1B263B", "#C9A227", "#457B9D", "#BC4749", "#588157", "#A4161A",
] as const;

const gearboxes: Record<Gearbox, { transmission: Transmission; gears: number | null }> = {
  m5: { transmission: "manual", gears: 5 },
  m6: { transmission: "manual", gears: 6 },
  a4: { transmission: "automatic", gears: 4 },
  a5: { transmission: "automatic", gears: 5 },
  a6: { transmission: "automatic", gears: 6 },
  a7: { transmission: "automatic", gears: 7 },
  a8: { transmission: "automatic", gears: 8 },
  a9: { transmission: "automatic", gears: 9 },
  a10: { transmission: "automatic", gears: 10 },
  // A CVT has no fixed ratios: gears stays null.
  cvt: { transmission: "cvt", gears: null },
  dct6: { transmission: "dual-clutch", gears: 6 },
  dct7: { transmission: "dual-clutch", gears: 7 },
  dct8: { transmission: "dual-clutch", gears: 8 },
  e1: { transmission: "automatic", gears: 1 },
};

// Aerodynamic factor on the top-speed estimate.
const bodyDrag: Record<BodyType, number> = {
  hatchback: 1,
  sedan: 1.03,
  coupe: 1.08,
  convertible: 1.04,
  "station-wagon": 1.02,
  crossover: 0.97,
  suv: 0.93,
  mpv: 0.92,
  bakkie: 0.82,
  "double-cab": 0.8,
  van: 0.78,
};

/** Drive implied by the version name; badges are how South African price lists say it. */
function driveFromName(name: string): Drive | undefined {
  if (/\b4x4\b|\b4WD\b/i.test(name)) return "4x4";
  if (/\bAWD\b|xDrive|quattro|4MOTION|4MATIC|\bALL4\b|ALLGRIP|E-Four|SH-AWD|\bQ4\b|\bAWD\b/i.test(name)) return "awd";
  return undefined;
}

/** South African list prices end in 900 (R429 900). */
function listPrice(value: number): number {
  return Math.max(1, Math.round(value / 1000)) * 1000 - 100;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round5 = (n: number) => Math.round(n / 5) * 5;

function massContribution(pt: Powertrain, drive: Drive, tier: number): number {
  let kg = (pt.cc ?? 0) * 0.04 + (pt.batteryKwh ?? 0) * 5.5 + tier * 6;
  if (drive === "4x4" || drive === "awd") kg += 90;
  if (!pt.box.startsWith("m")) kg += 20;
  if (pt.fuel === "hybrid") kg += 70;
  if (pt.fuel === "plug-in-hybrid") kg += 90;
  return kg;
}

function fuelConsumption(pt: Powertrain, massKg: number, drive: Drive): number {
  const cc = pt.cc ?? 0;
  let l = 2 + (cc / 1000) * 1.2 + (massKg / 1000) * 1.8 + Math.max(0, pt.kw - 150) * 0.01;
  if (drive === "4x4") l += 0.4;
  if (pt.fuel === "diesel") l *= 0.85;
  if (pt.fuel === "hybrid") l *= 0.62;
  if (pt.fuel === "plug-in-hybrid") l *= 0.22;
  return l;
}

function electricConsumption(massKg: number, kw: number): number {
  return 8.5 + (massKg / 1000) * 4.5 + (kw > 300 ? 0.6 : 0);
}

interface VersionContext {
  brand: BrandSource;
  brandCode: string;
  model: ModelSource;
  modelCode: string;
}

function buildVersion(ctx: VersionContext, trim: Trim, first: Trim): VersionRow {
  const { brand, model } = ctx;
  const [name, priceZar, ptKey, tier, opts = {}] = trim;
  const pt = brand.powertrains[ptKey];
  const firstPt = brand.powertrains[first[2]];
  if (!pt || !firstPt) throw new Error(`${ctx.modelCode}: unknown powertrain "${ptKey}"`);
  const slug = slugify(name);
  const code = `${ctx.modelCode}-${slug}`;
  const rnd = randomFor(code);

  const drive: Drive = opts.drive ?? driveFromName(name) ?? model.drive ?? (model.body === "bakkie" || model.body === "double-cab" ? "rwd" : "fwd");
  const firstDrive: Drive = first[4]?.drive ?? driveFromName(first[0]) ?? model.drive ?? (model.body === "bakkie" || model.body === "double-cab" ? "rwd" : "fwd");
  const massKg =
    opts.massKg ?? round5(model.massKg + massContribution(pt, drive, tier) - massContribution(firstPt, firstDrive, first[3]));

  const isEv = pt.fuel === "electric";
  const isPhev = pt.fuel === "plug-in-hybrid";
  if ((isEv || isPhev) && !pt.batteryKwh) throw new Error(`${code}: electric powertrain without battery`);
  if (!isEv && (!pt.cc || !pt.cylinders)) throw new Error(`${code}: combustion powertrain without engine size`);

  // Power-law fit through known cars, from a Vitz (16.8 kg/kW, ~14 s) to a 911 Turbo S (3.4 kg/kW, ~2.7 s).
  let accel = 0.655 * (massKg / pt.kw) ** 1.09;
  if (pt.box === "cvt") accel *= 1.06;
  else if (pt.box.startsWith("a")) accel *= 1.02;
  else if (pt.box.startsWith("dct")) accel *= 0.97;
  if (isEv) accel *= 0.82;
  else if (pt.fuel === "hybrid" || isPhev) accel *= 0.94;
  if ((drive === "awd" || drive === "4x4") && pt.kw >= 200) accel *= 0.93;
  const accel0To100S = opts.accelS ?? pt.accelS ?? round1(Math.min(22, Math.max(2.5, rnd.jitter(accel, 0.03))));

  // Mainstream EVs and hybrids are electronically limited well below what their power allows.
  const electricLimit = isEv ? (brand.premium ? 210 : 185) : pt.fuel === "hybrid" || isPhev ? (brand.premium ? 250 : 180) : Infinity;
  const limit = Math.min(model.vmaxKmh ?? Infinity, brand.topSpeedLimitKmh ?? 250, electricLimit);
  const topSpeedKmh = opts.topKmh ?? pt.topKmh ?? Math.round(Math.min(limit, rnd.jitter(42 * Math.cbrt(pt.kw) * bodyDrag[model.body], 0.02)));

  const consumptionL100km = isEv ? null : round1(rnd.jitter(fuelConsumption(pt, massKg, drive), 0.03));
  const electricConsumptionKwh100km = isEv || isPhev ? round1(rnd.jitter(electricConsumption(massKg, pt.kw), 0.03)) : null;
  const co2GKm = consumptionL100km === null ? 0 : Math.round(consumptionL100km * (pt.fuel === "diesel" ? 26.5 : 23.7));
  let rangeKm: number | null = null;
  if (isEv || isPhev) {
    const estimate = ((pt.batteryKwh ?? 0) / (electricConsumptionKwh100km ?? 20)) * 100 * (isEv ? 1.02 : 0.85);
    rangeKm = pt.rangeKm ?? round5(estimate);
  }
  const tankL = isEv ? null : (model.tankL ?? null);
  if (!isEv && tankL === null) throw new Error(`${code}: combustion version without fuel tank`);

  const seats = opts.seats ?? model.seats;
  const box = gearboxes[pt.box];
  const [warrantyYears, warrantyKm, servicePlanYears, servicePlanKm] = brand.warranty;
  return {
    externalCode: code,
    modelCode: ctx.modelCode,
    slug,
    name,
    priceZar,
    fuel: pt.fuel,
    transmission: box.transmission,
    gears: box.gears,
    drive,
    engineCc: isEv ? null : (pt.cc ?? null),
    cylinders: isEv ? null : (pt.cylinders ?? null),
    powerKw: pt.kw,
    torqueNm: pt.nm,
    accel0To100S,
    topSpeedKmh,
    consumptionL100km,
    electricConsumptionKwh100km,
    co2GKm,
    batteryKwh: isEv || isPhev ? (pt.batteryKwh ?? null) : null,
    rangeKm,
    lengthMm: model.size[0],
    widthMm: model.size[1],
    heightMm: model.size[2],
    wheelbaseMm: model.size[3],
    groundClearanceMm: model.clearanceMm,
    bootL: model.bootL,
    tankL,
    massKg,
    towingKg: model.towKg,
    seats,
    doors: opts.doors ?? model.doors,
    warrantyYears,
    warrantyKm,
    servicePlanYears,
    servicePlanKm,
    equipment: equipmentFor({
      tier,
      premium: brand.premium ?? false,
      body: model.body,
      fuel: pt.fuel,
      drive,
      seats,
      doors: opts.doors ?? model.doors,
      priceZar,
      assistSuite: brand.assistSuite,
      extra: opts.extra,
    }),
    onSale: true,
  };
}

/** Yearly price steps ending at the current price, none before the model's launch. */
function buildPriceHistory(brand: BrandSource, brandCode: string, launched: string, version: VersionRow): PriceHistoryRow[] {
  const month = String(brand.priceMonth).padStart(2, "0");
  let lastIncrease = `${REFERENCE_DATE.slice(0, 4)}-${month}-01`;
  if (lastIncrease > REFERENCE_DATE) lastIncrease = addMonths(lastIncrease, -12);
  const increases = [addMonths(lastIncrease, -24), addMonths(lastIncrease, -12), lastIncrease];
  const rnd = randomFor(`${version.externalCode}:prices`);
  // Brand-wide yearly rate (price lists move together) plus a little per-version spread.
  const rates = increases.map((date) => randomFor(`${brandCode}:${date}`).range(0.03, 0.06) + rnd.range(-0.004, 0.004));

  const priceOn = (date: string): number => {
    let price = version.priceZar;
    for (let i = increases.length - 1; i >= 0; i--) {
      if (increases[i]! > date) price = price / (1 + rates[i]!);
    }
    return price === version.priceZar ? price : listPrice(price);
  };
  const dates = increases.filter((date) => date >= launched);
  // A model launched inside the window starts its history at launch.
  if (launched > increases[0]! && launched < lastIncrease && !dates.includes(launched)) dates.unshift(launched);
  if (dates.length === 0) dates.push(launched);
  return dates.map((effectiveOn) => ({ versionCode: version.externalCode, priceZar: priceOn(effectiveOn), effectiveOn, source: "seed" }));
}

// Grouped by hand rather than with toLocaleString, whose output depends on the ICU build.
const rand = (amount: number) => `R${String(amount).replace(/\B(?=(\d{3})+$)/g, " ")}`;

const currentDetails = [
  "Cash discount on new stock at participating dealers while stocks last.",
  "Festive-season price on stock registered before the end date; finance and trade-in offers on request.",
  "Year-end deal on current-build stock, including the full manufacturer warranty and service plan.",
  "Dealer-funded saving on selected colours; ask your dealer about availability.",
  "Limited-time saving that can be combined with the brand's finance offers, subject to approval.",
] as const;
const expiredDetails = [
  "Mid-year cash discount on new stock at participating dealers.",
  "Winter deal on selected colours while stocks lasted.",
] as const;

function buildPromotions(catalogue: Omit<Catalogue, "promotions">): PromotionRow[] {
  const modelByCode = new Map(catalogue.models.map((m) => [m.externalCode, m]));
  const brandRows = new Map(catalogue.brands.map((b) => [b.externalCode, b]));
  const rnd = randomFor("promotions");
  // Popular mainstream models: deals are what South African dealers run on volume sellers.
  const candidates = catalogue.models
    .filter((m) => !m.isPremium && m.popularity >= 45)
    .map((m) => m.externalCode)
    .sort((a, b) => randomFor(`promo-order:${a}`).next() - randomFor(`promo-order:${b}`).next());
  const versionsByModel = new Map<string, VersionRow[]>();
  for (const v of catalogue.versions) {
    const list = versionsByModel.get(v.modelCode) ?? [];
    list.push(v);
    versionsByModel.set(v.modelCode, list);
  }
  const out: PromotionRow[] = [];
  const current = 12;
  const expired = 3;
  for (let i = 0; i < current + expired && i < candidates.length; i++) {
    const model = modelByCode.get(candidates[i]!)!;
    const brand = brandRows.get(model.brandCode)!;
    const version = rnd.pick(versionsByModel.get(model.externalCode)!);
    const discount = Math.max(10_000, Math.round((version.priceZar * rnd.range(0.03, 0.09)) / 5_000) * 5_000);
    const isCurrent = i < current;
    const startsOn = isCurrent ? addDays(REFERENCE_DATE, -rnd.int(5, 35)) : addDays(REFERENCE_DATE, -rnd.int(150, 240));
    const endsOn = isCurrent ? addDays(REFERENCE_DATE, rnd.int(50, 110)) : addDays(REFERENCE_DATE, -rnd.int(40, 100));
    out.push({
      versionCode: version.externalCode,
      title: `Save ${rand(discount)} on the ${brand.name} ${model.name} ${version.name}`,
      details: rnd.pick(isCurrent ? currentDetails : expiredDetails),
      oldPriceZar: version.priceZar,
      newPriceZar: version.priceZar - discount,
      startsOn,
      endsOn,
    });
  }
  return out;
}

export function generateCatalogue(sources: readonly BrandSource[] = allBrands): Catalogue {
  const out: Omit<Catalogue, "promotions"> = { brands: [], models: [], versions: [], priceHistory: [] };
  const newSince = addMonths(REFERENCE_DATE, -12);
  const brandByCode = new Map<string, BrandSource>();
  for (const brand of [...sources].sort((a, b) => a.salesRank - b.salesRank)) {
    const brandCode = slugify(brand.name);
    if (brandByCode.has(brandCode)) throw new Error(`Duplicate brand ${brandCode}`);
    brandByCode.set(brandCode, brand);
    out.brands.push({
      externalCode: brandCode,
      slug: brandCode,
      name: brand.name,
      country: brand.country,
      description: brand.about,
      logoPath: null,
      colour: brand.colour,
      salesRank: brand.salesRank,
    });
    const modelSlugs = new Set<string>();
    brand.models.forEach((model, index) => {
      const slug = slugify(model.name);
      const modelCode = `${brandCode}-${slug}`;
      if (modelSlugs.has(slug)) throw new Error(`Duplicate model ${modelCode}`);
      modelSlugs.add(slug);
      if (!isValidDate(model.launched) || model.launched > REFERENCE_DATE) throw new Error(`${modelCode}: bad launch date`);
      if (model.trims.length === 0) throw new Error(`${modelCode}: no trims`);
      const rnd = randomFor(modelCode);
      const popularity =
        model.popularity ?? Math.min(99, Math.max(3, Math.round(100 - (brand.salesRank - 1) * 2 - index * 3.5 + rnd.int(-3, 3))));
      const ctx: VersionContext = { brand, brandCode, model, modelCode };
      const first = model.trims[0]!;
      const modelVersions = model.trims.map((trim) => buildVersion(ctx, trim, first));
      const versionSlugs = new Set(modelVersions.map((v) => v.slug));
      if (versionSlugs.size !== modelVersions.length) throw new Error(`${modelCode}: duplicate version names`);
      const fuels = new Set<FuelType>(modelVersions.map((v) => v.fuel));
      out.models.push({
        externalCode: modelCode,
        brandCode,
        slug,
        name: model.name,
        bodyType: model.body,
        segment: model.segment,
        description: model.about,
        launchDate: model.launched,
        colour: model.colour ?? paintPalette[(hash32(brandCode) + index * 7) % paintPalette.length]!,
        isNewArrival: model.launched > newSince,
        isElectric: fuels.has("electric"),
        isPremium: brand.premium ?? false,
        popularity,
      });
      for (const version of modelVersions) {
        out.versions.push(version);
        out.priceHistory.push(...buildPriceHistory(brand, brandCode, model.launched, version));
      }
    });
  }
  return { ...out, promotions: buildPromotions(out) };
}
