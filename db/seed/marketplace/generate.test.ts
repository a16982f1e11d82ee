import { describe, expect, it } from "vitest";
import { ageRetention, typicalMileage } from "../../../app/features/marketplace/pricing/depreciation";
import { cities, provinces } from "../../../app/lib/places";
import { adEquipment } from "../../../app/features/marketplace/vocabulary";
import { addDays, REFERENCE_DATE } from "../dates";
import { generateCatalogue } from "../generate";
import { type AdSourceVersion, createAdGenerator, DEMO_AD_COUNT, type GeneratedAd } from "./generate";
import { generateDemoDealers, generateDemoPrivateSellers } from "./sellers";

// The demo marketplace must read like a real one: prices that follow the new price and fall with
// age and mileage, the whole country covered, sellers of both kinds, and the same ads every run.

function sources(): AdSourceVersion[] {
  const catalogue = generateCatalogue();
  const brandIndex = new Map(catalogue.brands.map((b, i) => [b.externalCode, { id: i + 1, name: b.name }]));
  const modelIndex = new Map(catalogue.models.map((m, i) => [m.externalCode, { ...m, id: i + 1 }]));
  return catalogue.versions.map((v) => {
    const model = modelIndex.get(v.modelCode)!;
    const brand = brandIndex.get(model.brandCode)!;
    return {
      versionName: v.name,
      priceZar: v.priceZar,
      fuel: v.fuel,
      transmission: v.transmission,
      drive: v.drive,
      engineCc: v.engineCc,
      doors: v.doors,
      seats: v.seats,
      bodyType: model.bodyType,
      launchDate: model.launchDate,
      modelId: model.id,
      modelName: model.name,
      brandId: brand.id,
      brandName: brand.name,
      popularity: model.popularity,
    };
  });
}

const versions = sources();
const newPriceOf = new Map(versions.map((v) => [`${v.modelId}|${v.versionName}`, v]));
const generator = () => createAdGenerator({ versions, dealers: generateDemoDealers(), privateSellers: generateDemoPrivateSellers() });
const ads: GeneratedAd[] = Array.from({ length: DEMO_AD_COUNT }, (_, i) => generator().ad(i));
const published = ads.filter((a) => a.status === "published");
const REFERENCE_YEAR = Number(REFERENCE_DATE.slice(0, 4));
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

describe("demo marketplace generator", () => {
  it("lists 2,500+ live ads, and sold, expired and removed ones", () => {
    expect(published.length).toBeGreaterThanOrEqual(2_500);
    for (const status of ["sold", "expired", "removed"]) expect(ads.filter((a) => a.status === status).length, status).toBeGreaterThan(5);
    expect(ads.filter((a) => a.status === "sold").length).toBeGreaterThanOrEqual(100);
    expect(ads.filter((a) => a.status === "expired").length).toBeGreaterThanOrEqual(100);
  });

  it("covers all nine provinces and 40+ towns, Gauteng first", () => {
    const provinceCounts = new Map<string, number>();
    for (const ad of published) provinceCounts.set(ad.province, (provinceCounts.get(ad.province) ?? 0) + 1);
    expect([...provinceCounts.keys()].sort()).toEqual(provinces.map((p) => p.slug).sort());
    expect(Math.max(...provinceCounts.values())).toBe(provinceCounts.get("gauteng"));
    expect(new Set(published.map((a) => a.city)).size).toBeGreaterThanOrEqual(40);
    for (const ad of ads) expect(cities.find((c) => c.slug === ad.city)?.province, ad.city).toBe(ad.province);
  });

  it("mixes private sellers (~60 %) and dealers (~40 %)", () => {
    const privateShare = ads.filter((a) => a.sellerKind === "private").length / ads.length;
    expect(privateShare).toBeGreaterThan(0.52);
    expect(privateShare).toBeLessThan(0.68);
  });

  it("gives every ad 1 to 12 photos, the side view first", () => {
    for (const ad of ads) {
      expect(ad.photos.length).toBeGreaterThanOrEqual(1);
      expect(ad.photos.length).toBeLessThanOrEqual(12);
      expect(ad.photos.map((p) => p.position)).toEqual(ad.photos.map((_, i) => i));
      expect(ad.photos[0]!.storageKey).toBe(`demo/${ad.bodyType}-${ad.colour}-side`);
      expect(ad.photos[0]).toMatchObject({ width: 1280, height: 960 });
    }
    expect(new Set(ads.map((a) => a.photos.length)).size).toBeGreaterThanOrEqual(10);
  });

  it("keeps model years believable: never after 2026 nor long before the model's launch", () => {
    for (const ad of ads) {
      const v = newPriceOf.get(`${ad.modelId}|${ad.variant}`)!;
      expect(ad.year).toBeLessThanOrEqual(2026);
      expect(ad.year).toBeGreaterThanOrEqual(Number(v.launchDate.slice(0, 4)) - 8);
      expect(ad.title).toBe(`${ad.year} ${ad.makeName} ${ad.modelName} ${ad.variant}`);
    }
    const ages = published.map((a) => REFERENCE_YEAR - a.year);
    expect(mean(ages)).toBeGreaterThan(2);
    expect(mean(ages)).toBeLessThan(8);
  });

  it("asks prices that follow the new price, lower for older cars and for higher mileage", () => {
    const ratio = (ad: GeneratedAd) => ad.priceZar / newPriceOf.get(`${ad.modelId}|${ad.variant}`)!.priceZar;
    for (const ad of ads) {
      expect(ratio(ad)).toBeGreaterThan(0.08);
      expect(ratio(ad)).toBeLessThan(1.05);
    }
    // Average share of the new price by age: it falls year after year.
    const byAge = new Map<number, number[]>();
    for (const ad of ads) {
      const age = Math.min(10, REFERENCE_YEAR - ad.year);
      byAge.set(age, [...(byAge.get(age) ?? []), ratio(ad)]);
    }
    const ages = [...byAge.keys()].filter((a) => byAge.get(a)!.length >= 30).sort((a, b) => a - b);
    expect(ages.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < ages.length; i++) expect(mean(byAge.get(ages[i]!)!)).toBeLessThan(mean(byAge.get(ages[i - 1]!)!));
    // A three-year-old car at roughly two thirds of the new price.
    expect(mean(byAge.get(3)!)).toBeGreaterThan(0.55);
    expect(mean(byAge.get(3)!)).toBeLessThan(0.75);
    // At the same age, cars above the typical mileage ask less of what their age allows.
    const ageAdjusted = (ad: GeneratedAd) => ratio(ad) / ageRetention(REFERENCE_YEAR - ad.year);
    const high = ads.filter((a) => a.mileageKm > typicalMileage(REFERENCE_YEAR - a.year) * 1.15).map(ageAdjusted);
    const low = ads.filter((a) => a.mileageKm < typicalMileage(REFERENCE_YEAR - a.year) * 0.85).map(ageAdjusted);
    expect(high.length).toBeGreaterThan(200);
    expect(low.length).toBeGreaterThan(200);
    expect(mean(high)).toBeLessThan(mean(low));
  });

  it("puts mileage in line with age", () => {
    for (const ad of ads) expect(ad.mileageKm).toBeLessThanOrEqual(typicalMileage(REFERENCE_YEAR - ad.year) * 1.7);
    const old = published.filter((a) => REFERENCE_YEAR - a.year >= 8).map((a) => a.mileageKm);
    const young = published.filter((a) => REFERENCE_YEAR - a.year <= 2).map((a) => a.mileageKm);
    expect(mean(old)).toBeGreaterThan(mean(young) * 3);
  });

  it("dates live ads in the 60 days before the reference date, expiring 60 days after publication", () => {
    const reference = Date.parse(`${REFERENCE_DATE}T00:00:00Z`);
    const earliest = Date.parse(`${addDays(REFERENCE_DATE, -60)}T00:00:00Z`);
    for (const ad of published) {
      const at = Date.parse(ad.publishedAt);
      expect(at).toBeGreaterThanOrEqual(earliest);
      expect(at).toBeLessThan(reference);
      expect(Date.parse(ad.expiresAt) - at).toBe(60 * 86_400_000);
      expect(Date.parse(ad.expiresAt)).toBeGreaterThan(reference);
    }
    for (const ad of ads.filter((a) => a.status === "expired")) expect(Date.parse(ad.expiresAt)).toBeLessThan(reference);
    for (const ad of ads.filter((a) => a.status === "sold")) expect(Date.parse(ad.soldAt!)).toBeLessThan(reference);
  });

  it("keeps a price history: the current price last, some ads reduced", () => {
    for (const ad of ads) expect(ad.prices.at(-1)!.priceZar).toBe(ad.priceZar);
    const reduced = ads.filter((a) => a.prices.length > 1);
    expect(reduced.length).toBeGreaterThan(100);
    for (const ad of reduced) expect(ad.prices[0]!.priceZar).toBeGreaterThan(ad.priceZar);
  });

  it("fills the details a buyer reads: equipment from the list, owners 1-4, fictional phones", () => {
    for (const ad of ads) {
      for (const item of ad.equipment) expect(adEquipment).toContain(item);
      expect(ad.previousOwners).toBeGreaterThanOrEqual(1);
      expect(ad.previousOwners).toBeLessThanOrEqual(4);
      expect(ad.phone).toMatch(/^\+27 10 555 \d{4}$/);
      expect(ad.description.length).toBeGreaterThan(60);
      expect(ad.description).not.toMatch(/[<>]/);
    }
    const bakkies = ads.filter((a) => a.bodyType === "bakkie" || a.bodyType === "double-cab");
    expect(bakkies.filter((a) => a.equipment.includes("Canopy")).length).toBeGreaterThan(bakkies.length * 0.2);
    expect(ads.filter((a) => a.bodyType === "hatchback" && a.equipment.includes("Canopy"))).toEqual([]);
    for (const kind of ["full", "partial", "none"]) expect(ads.some((a) => a.serviceHistory === kind), kind).toBe(true);
    expect(ads.some((a) => a.negotiable) && ads.some((a) => !a.negotiable)).toBe(true);
    expect(new Set(ads.map((a) => a.description)).size).toBeGreaterThan(ads.length * 0.9);
  });

  it("is deterministic: the same ad at the same index, whatever else was generated", () => {
    const again = generator();
    expect(again.ad(1234)).toEqual(ads[1234]);
    expect(again.ad(7)).toEqual(ads[7]);
    expect(generator().ad(DEMO_AD_COUNT + 5)).toEqual(generator().ad(DEMO_AD_COUNT + 5));
  });

  it("names sellers with example addresses only", () => {
    const dealers = generateDemoDealers();
    expect(dealers.length).toBe(40);
    expect(new Set(dealers.map((d) => d.slug)).size).toBe(40);
    expect(new Set(dealers.map((d) => d.province)).size).toBe(9);
    for (const d of dealers) expect(d.email).toMatch(/@[a-z0-9-]+\.example\.com$/);
    const sellers = generateDemoPrivateSellers();
    expect(sellers.length).toBe(300);
    expect(new Set(sellers.map((s) => s.email)).size).toBe(300);
    for (const s of sellers) {
      expect(s.email).toMatch(/@example\.com$/);
      expect(s.name).toMatch(/^\p{L}+ [A-Z]\.$/u);
    }
    const joined = sellers.map((s) => Number(s.createdAt.slice(0, 4)));
    expect(Math.max(...joined) - Math.min(...joined)).toBeGreaterThanOrEqual(5);
  });
});
