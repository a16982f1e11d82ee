import { describe, expect, it } from "vitest";
import { bodyTypes, drives, equipmentCategories, fuelTypes, transmissions } from "../schema";
import { bannerSeed, guideTaxonomySeed, newsCategorySeed } from "./data/content";
import { addMonths, REFERENCE_DATE } from "./dates";
import { generateCatalogue, type VersionRow } from "./generate";
import { mulberry32 } from "./random";
import { slugify } from "./slug";

const catalogue = generateCatalogue();
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const hexColour = /^#[0-9A-F]{6}$/i;
// "Today" for the promotions: the issue asks for deals still running around this day.
const PROMOTION_CHECK_DAY = "2026-11-21";

const versionsOf = (modelCode: string) => catalogue.versions.filter((v) => v.modelCode === modelCode);
const version = (code: string): VersionRow => {
  const found = catalogue.versions.find((v) => v.externalCode === code);
  if (!found) throw new Error(`missing version ${code}`);
  return found;
};

function expectUnique(values: string[]) {
  const duplicates = values.filter((value, index) => values.indexOf(value) !== index);
  expect(duplicates).toEqual([]);
}

describe("random and slug helpers", () => {
  it("mulberry32 repeats the same sequence for the same seed", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seqA = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(seqA);
    expect(seqA.every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it("slugify makes lowercase ascii hyphenated slugs", () => {
    expect(slugify("Citroën C3 Aircross")).toBe("citroen-c3-aircross");
    expect(slugify("2.8 GD-6 Legend 4x4 Auto")).toBe("2-8-gd-6-legend-4x4-auto");
    expect(slugify("1.5 EX+ CVT")).toBe("1-5-ex-plus-cvt");
    expect(slugify("2.5 D-4D Ses'fikile 16-seater")).toBe("2-5-d-4d-sesfikile-16-seater");
  });
});

describe("generateCatalogue", () => {
  it("is deterministic: two runs give byte-identical rows", () => {
    const again = generateCatalogue();
    expect(again).toEqual(catalogue);
    expect(JSON.stringify(again)).toBe(JSON.stringify(catalogue));
  });

  it("has the expected size", () => {
    expect(catalogue.brands.length).toBeGreaterThanOrEqual(35);
    expect(catalogue.models.length).toBeGreaterThanOrEqual(180);
    expect(catalogue.versions.length).toBeGreaterThanOrEqual(700);
    expect(catalogue.priceHistory.length).toBeGreaterThanOrEqual(catalogue.versions.length);
  });

  it("includes the South African top sellers and the named models", () => {
    const brandNames = catalogue.brands.map((b) => b.name);
    for (const name of ["Toyota", "Volkswagen", "Suzuki", "Hyundai", "Kia", "Ford", "Nissan", "Renault", "Haval", "GWM", "Chery", "Isuzu", "Mahindra", "BMW", "Mercedes-Benz", "Audi", "BYD", "Omoda", "Jaecoo"]) {
      expect(brandNames).toContain(name);
    }
    const codes = new Set(catalogue.models.map((m) => m.externalCode));
    for (const code of [
      "toyota-corolla-cross",
      "toyota-hilux-double-cab",
      "toyota-fortuner",
      "toyota-starlet",
      "toyota-vitz",
      "volkswagen-polo-vivo",
      "volkswagen-polo",
      "volkswagen-t-cross",
      "suzuki-swift",
      "suzuki-ertiga",
      "suzuki-fronx",
      "chery-tiggo-4-pro",
      "chery-tiggo-7-pro",
      "chery-tiggo-8-pro",
      "haval-jolion",
      "haval-h6",
      "gwm-p-series",
      "isuzu-d-max-double-cab",
      "ford-ranger",
      "ford-everest",
      "nissan-navara",
      "nissan-magnite",
      "kia-sonet",
      "kia-seltos",
      "kia-picanto",
      "hyundai-grand-i10",
      "hyundai-venue",
      "hyundai-creta",
      "hyundai-tucson",
      "byd-atto-3",
      "byd-dolphin",
      "byd-seal",
      "byd-sealion-7",
      "bmw-ix1",
    ]) {
      expect(codes, code).toContain(code);
    }
  });

  it("keeps prices in realistic South African bands", () => {
    expect(version("suzuki-swift-1-2-gl").priceZar).toBeGreaterThan(200_000);
    expect(version("suzuki-swift-1-2-gl").priceZar).toBeLessThan(260_000);
    const hilux = versionsOf("toyota-hilux-double-cab").map((v) => v.priceZar);
    expect(Math.min(...hilux)).toBeGreaterThanOrEqual(500_000);
    expect(Math.max(...hilux)).toBeLessThanOrEqual(950_000);
    expect(Math.min(...versionsOf("bmw-x5").map((v) => v.priceZar))).toBeGreaterThanOrEqual(1_600_000);
  });
});

describe("brands", () => {
  it("are complete with unique codes and slugs", () => {
    expectUnique(catalogue.brands.map((b) => b.externalCode));
    expectUnique(catalogue.brands.map((b) => b.slug));
    expectUnique(catalogue.brands.map((b) => String(b.salesRank)));
    for (const b of catalogue.brands) {
      expect(b.slug).toMatch(slugPattern);
      expect(b.colour).toMatch(hexColour);
      expect(b.name.length).toBeGreaterThan(1);
      expect(b.country.length).toBeGreaterThan(1);
      expect(b.description.length).toBeGreaterThan(40);
      expect(b.logoPath).toBeNull();
    }
  });
});

describe("models", () => {
  const newSince = addMonths(REFERENCE_DATE, -12);

  it("are complete and consistent", () => {
    expectUnique(catalogue.models.map((m) => m.externalCode));
    const brandCodes = new Set(catalogue.brands.map((b) => b.externalCode));
    for (const m of catalogue.models) {
      expect(brandCodes.has(m.brandCode)).toBe(true);
      expect(m.slug).toMatch(slugPattern);
      expect(m.externalCode).toBe(`${m.brandCode}-${m.slug}`);
      expect(bodyTypes).toContain(m.bodyType);
      expect(m.segment.length).toBeGreaterThan(2);
      expect(m.description).toMatch(/^[A-Z0-9].{30,}\.$/);
      expect(m.colour).toMatch(hexColour);
      expect(m.launchDate <= REFERENCE_DATE).toBe(true);
      expect(m.isNewArrival).toBe(m.launchDate > newSince);
      expect(m.popularity).toBeGreaterThanOrEqual(0);
      expect(m.popularity).toBeLessThanOrEqual(100);
      const fuels = versionsOf(m.externalCode).map((v) => v.fuel);
      expect(fuels.length).toBeGreaterThan(0);
      expect(m.isElectric).toBe(fuels.includes("electric"));
    }
  });

  it("have unique slugs within each brand", () => {
    for (const b of catalogue.brands) {
      expectUnique(catalogue.models.filter((m) => m.brandCode === b.externalCode).map((m) => m.slug));
    }
  });

  it("flag premium brands, new arrivals and electric models", () => {
    expect(catalogue.models.find((m) => m.externalCode === "bmw-x5")?.isPremium).toBe(true);
    expect(catalogue.models.find((m) => m.externalCode === "suzuki-swift")?.isPremium).toBe(false);
    expect(catalogue.models.filter((m) => m.isNewArrival).length).toBeGreaterThanOrEqual(8);
    expect(catalogue.models.filter((m) => m.isElectric).length).toBeGreaterThanOrEqual(15);
    expect(new Set(catalogue.models.map((m) => m.colour)).size).toBeGreaterThanOrEqual(15);
  });
});

describe("versions", () => {
  it("have unique external codes and unique slugs per model", () => {
    expectUnique(catalogue.versions.map((v) => v.externalCode));
    for (const m of catalogue.models) expectUnique(versionsOf(m.externalCode).map((v) => v.slug));
    for (const v of catalogue.versions) {
      expect(v.slug).toMatch(slugPattern);
      expect(v.externalCode).toBe(`${v.modelCode}-${v.slug}`);
    }
  });

  it("fill every required field with plausible values", () => {
    for (const v of catalogue.versions) {
      const at = v.externalCode;
      expect(v.name.length, at).toBeGreaterThan(0);
      expect(v.priceZar, at).toBeGreaterThanOrEqual(150_000);
      expect(v.priceZar, at).toBeLessThanOrEqual(5_000_000);
      expect(fuelTypes, at).toContain(v.fuel);
      expect(transmissions, at).toContain(v.transmission);
      expect(drives, at).toContain(v.drive);
      expect(v.powerKw, at).toBeGreaterThanOrEqual(40);
      expect(v.powerKw, at).toBeLessThanOrEqual(600);
      expect(v.torqueNm, at).toBeGreaterThanOrEqual(80);
      expect(v.torqueNm, at).toBeLessThanOrEqual(1200);
      expect(v.accel0To100S, at).toBeGreaterThanOrEqual(2.5);
      expect(v.accel0To100S, at).toBeLessThanOrEqual(22);
      expect(v.topSpeedKmh, at).toBeGreaterThanOrEqual(120);
      expect(v.topSpeedKmh, at).toBeLessThanOrEqual(340);
      expect(v.lengthMm, at).toBeGreaterThanOrEqual(3400);
      expect(v.lengthMm, at).toBeLessThanOrEqual(5500);
      expect(v.widthMm, at).toBeGreaterThanOrEqual(1450);
      expect(v.widthMm, at).toBeLessThanOrEqual(2100);
      expect(v.heightMm, at).toBeGreaterThanOrEqual(1200);
      expect(v.heightMm, at).toBeLessThanOrEqual(2300);
      expect(v.wheelbaseMm, at).toBeGreaterThanOrEqual(2100);
      expect(v.wheelbaseMm, at).toBeLessThan(v.lengthMm);
      expect(v.groundClearanceMm, at).toBeGreaterThanOrEqual(100);
      expect(v.bootL, at).toBeGreaterThan(50);
      expect(v.massKg, at).toBeGreaterThanOrEqual(700);
      expect(v.massKg, at).toBeLessThanOrEqual(3000);
      expect(v.seats, at).toBeGreaterThanOrEqual(2);
      expect(v.seats, at).toBeLessThanOrEqual(16);
      expect(v.doors, at).toBeGreaterThanOrEqual(2);
      expect(v.doors, at).toBeLessThanOrEqual(5);
      expect(v.warrantyYears, at).toBeGreaterThanOrEqual(1);
      expect(v.servicePlanYears, at).not.toBeNull();
      expect(v.co2GKm, at).toBeGreaterThanOrEqual(0);
      expect(v.onSale, at).toBe(true);
      if (v.transmission === "cvt") expect(v.gears, at).toBeNull();
      else expect(v.gears, at).toBeGreaterThanOrEqual(1);
      if (v.transmission === "manual") expect(v.gears, at).toBeGreaterThanOrEqual(5);
      if (v.towingKg !== null) expect(v.towingKg, at).toBeLessThanOrEqual(3500);
    }
  });

  it("give battery-electric cars a battery and range but no engine, tank or fuel consumption", () => {
    const evs = catalogue.versions.filter((v) => v.fuel === "electric");
    expect(evs.length).toBeGreaterThanOrEqual(40);
    for (const v of evs) {
      expect(v.consumptionL100km, v.externalCode).toBeNull();
      expect(v.engineCc).toBeNull();
      expect(v.cylinders).toBeNull();
      expect(v.tankL).toBeNull();
      expect(v.co2GKm).toBe(0);
      expect(v.batteryKwh).toBeGreaterThanOrEqual(30);
      expect(v.rangeKm).toBeGreaterThanOrEqual(200);
      expect(v.electricConsumptionKwh100km).toBeGreaterThan(10);
      expect(v.electricConsumptionKwh100km).toBeLessThan(30);
    }
  });

  it("give plug-in hybrids both an engine and a battery, and keep batteries off other cars", () => {
    for (const v of catalogue.versions) {
      if (v.fuel === "electric") continue;
      expect(v.engineCc, v.externalCode).toBeGreaterThanOrEqual(600);
      expect(v.engineCc).toBeLessThanOrEqual(7000);
      expect(v.cylinders).toBeGreaterThanOrEqual(3);
      expect(v.cylinders).toBeLessThanOrEqual(8);
      expect(v.tankL).toBeGreaterThanOrEqual(25);
      expect(v.consumptionL100km).toBeGreaterThan(1);
      expect(v.consumptionL100km).toBeLessThan(20);
      expect(v.co2GKm).toBeGreaterThan(20);
      if (v.fuel === "plug-in-hybrid") {
        expect(v.batteryKwh, v.externalCode).toBeGreaterThan(5);
        expect(v.rangeKm).toBeGreaterThanOrEqual(30);
        expect(v.electricConsumptionKwh100km).toBeGreaterThan(10);
      } else {
        expect(v.batteryKwh, v.externalCode).toBeNull();
        expect(v.rangeKm).toBeNull();
        expect(v.electricConsumptionKwh100km).toBeNull();
      }
    }
    expect(catalogue.versions.filter((v) => v.fuel === "hybrid").length).toBeGreaterThanOrEqual(15);
    expect(catalogue.versions.filter((v) => v.fuel === "plug-in-hybrid").length).toBeGreaterThanOrEqual(15);
  });

  it("list equipment in every category, richer on dearer trims", () => {
    for (const v of catalogue.versions) {
      for (const category of equipmentCategories) {
        expect(v.equipment[category]?.length, `${v.externalCode} ${category}`).toBeGreaterThan(0);
      }
    }
    const count = (v: VersionRow) => Object.values(v.equipment).reduce((n, items) => n + (items?.length ?? 0), 0);
    for (const m of catalogue.models) {
      const sorted = versionsOf(m.externalCode).sort((a, b) => a.priceZar - b.priceZar);
      if (sorted.length < 2) continue;
      expect(count(sorted.at(-1)!), m.externalCode).toBeGreaterThanOrEqual(count(sorted[0]!));
    }
    expect(count(version("toyota-corolla-cross-1-8-gr-sport-cvt"))).toBeGreaterThan(count(version("toyota-corolla-cross-1-8-xi-cvt")));
  });

  it("carry each brand's warranty and service plan", () => {
    const hilux = version("toyota-hilux-double-cab-2-8-gd-6-legend-4x4-auto");
    expect([hilux.warrantyYears, hilux.warrantyKm, hilux.servicePlanYears, hilux.servicePlanKm]).toEqual([3, 100_000, 4, 60_000]);
    const tiggo = versionsOf("chery-tiggo-4-pro")[0]!;
    expect([tiggo.warrantyYears, tiggo.warrantyKm]).toEqual([5, 150_000]);
    const atto = versionsOf("byd-atto-3")[0]!;
    expect([atto.warrantyYears, atto.warrantyKm]).toEqual([6, 150_000]);
  });
});

describe("price history", () => {
  const byVersion = new Map<string, typeof catalogue.priceHistory>();
  for (const row of catalogue.priceHistory) {
    const list = byVersion.get(row.versionCode) ?? [];
    list.push(row);
    byVersion.set(row.versionCode, list);
  }
  const launchOf = new Map(catalogue.models.map((m) => [m.externalCode, m.launchDate]));

  it("ends at the current price, in date order, with yearly rises of a few per cent", () => {
    for (const v of catalogue.versions) {
      const points = byVersion.get(v.externalCode) ?? [];
      expect(points.length, v.externalCode).toBeGreaterThanOrEqual(1);
      expect(points.length).toBeLessThanOrEqual(4);
      expect(points.at(-1)!.priceZar, v.externalCode).toBe(v.priceZar);
      expect(points[0]!.effectiveOn >= launchOf.get(v.modelCode)!).toBe(true);
      for (let i = 1; i < points.length; i++) {
        expect(points[i]!.effectiveOn > points[i - 1]!.effectiveOn).toBe(true);
        const rise = points[i]!.priceZar / points[i - 1]!.priceZar - 1;
        expect(rise, v.externalCode).toBeGreaterThanOrEqual(0);
        expect(rise, v.externalCode).toBeLessThanOrEqual(0.075);
      }
      for (const p of points) {
        expect(p.effectiveOn <= REFERENCE_DATE).toBe(true);
        expect(p.source).toBe("seed");
      }
    }
  });

  it("covers the last two years for established models", () => {
    const points = byVersion.get("toyota-hilux-double-cab-2-8-gd-6-legend-4x4-auto")!;
    expect(points.length).toBe(3);
    expect(points[0]!.effectiveOn >= addMonths(REFERENCE_DATE, -36)).toBe(true);
    expect(points[0]!.priceZar).toBeLessThan(points.at(-1)!.priceZar);
  });
});

describe("promotions", () => {
  it("are consistent with their versions", () => {
    const current = catalogue.promotions.filter((p) => p.startsOn <= PROMOTION_CHECK_DAY && p.endsOn >= PROMOTION_CHECK_DAY);
    const expired = catalogue.promotions.filter((p) => p.endsOn < REFERENCE_DATE);
    expect(current.length).toBeGreaterThanOrEqual(8);
    expect(current.length).toBeLessThanOrEqual(15);
    expect(expired.length).toBeGreaterThanOrEqual(2);
    expect(expired.length).toBeLessThanOrEqual(3);
    expect(current.length + expired.length).toBe(catalogue.promotions.length);
    for (const p of catalogue.promotions) {
      const v = version(p.versionCode);
      expect(p.oldPriceZar).toBe(v.priceZar);
      expect(p.newPriceZar).toBeLessThan(p.oldPriceZar);
      expect(p.newPriceZar).toBeGreaterThan(p.oldPriceZar * 0.85);
      expect(p.startsOn < p.endsOn).toBe(true);
      expect(p.title.length).toBeGreaterThan(10);
      expect(p.details.length).toBeGreaterThan(10);
    }
    expectUnique(catalogue.promotions.map((p) => p.versionCode));
  });
});

describe("editorial seed", () => {
  it("has the news categories, the six practical-guide taxonomies and a few banners", () => {
    expect(newsCategorySeed.length).toBeGreaterThanOrEqual(6);
    expect(guideTaxonomySeed.map((t) => t.slug)).toEqual([
      "permis-de-conduire",
      "assurer-mon-vehicule",
      "financer-mon-vehicule",
      "immatriculation",
      "controle-technique",
      "vignette",
    ]);
    for (const row of [...newsCategorySeed, ...guideTaxonomySeed]) {
      expect(row.slug).toMatch(slugPattern);
      expect(row.description.length).toBeGreaterThan(40);
    }
    expectUnique(newsCategorySeed.map((c) => c.slug));
    expect(bannerSeed.length).toBeGreaterThanOrEqual(2);
    for (const b of bannerSeed) expect(b.linkUrl).toMatch(/^\//);
  });
});
