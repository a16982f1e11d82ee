import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { models, usedAds, versions } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { comparedCarCosts, electricRunningRows, loadAdCost, loadVersionCost } from "./ownership.server";

// The loaders on the seeded catalogue and shipped figures, with the model's used-car ads set by each test.
const database = useTestDatabase({ seed: true });
const MIN_ADS = 5;
const today = new Date("2026-12-02T10:00:00Z");
const request = (query = "") => new Request(`http://localhost/guide-auto/version${query}`);

async function versionOf(fuel: "petrol" | "electric") {
  const [row] = await database()
    .db.select({ version: versions, model: { id: models.id, bodyType: models.bodyType } })
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .where(and(eq(versions.fuel, fuel), eq(versions.onSale, true), isNotNull(versions.servicePlanYears)))
    .orderBy(versions.id)
    .limit(1);
  return row!;
}

const adBase = {
  status: "published" as const,
  sellerKind: "private" as const,
  variant: "",
  transmission: "manual" as const,
  drive: "2wd" as const,
  colour: "white",
  serviceHistory: "full" as const,
  province: "kwazulu-natal",
  city: "durban",
  mileageKm: 40_000,
};

async function adsFor(modelId: number, fuel: "petrol" | "electric", prices: [year: number, price: number][]) {
  await database().db.delete(usedAds).where(eq(usedAds.modelId, modelId));
  for (const [year, priceZar] of prices) {
    await database().db.insert(usedAds).values({ ...adBase, modelId, makeName: "Make", modelName: "Model", title: "An ad", slug: "an-ad", fuel, bodyType: "hatchback", year, priceZar });
  }
}

describe("the version page's cost of ownership", () => {
  it("adds the lines on the body type's curve when the model has too few ads, over the assumptions asked", async () => {
    const { version, model } = await versionOf("petrol");
    await adsFor(model.id, "petrol", [[2025, Math.round(version.priceZar * 0.8)]]);
    const section = await loadVersionCost(request("?years=3&province=western-cape&pay=cash&grade=93"), version, model, MIN_ADS, today);
    expect(section.messages).toEqual([]);
    expect(section.assumptions).toMatchObject({ years: 3, province: "western-cape", payment: "cash", grade: "93" });
    expect(section.result.depreciation).toBe("curve");
    expect(section.result.cost.years).toHaveLength(3);
    expect(section.result.omitted).toEqual(["interest"]);
    // The Western Cape's 93 at the coastal price, with its month.
    expect(section.result.assumptions[0]).toMatchObject({ label: "93 petrol, coastal price (Western Cape)", asOf: "as of January 2026" });
    expect(section.result.assumptions.map((a) => a.label)).toContain("Licence disc, Western Cape");
    expect(section.ev).toBeNull();
  });

  it("reads the model's own depreciation from its ads by age, and falls back to the defaults with messages for bad values", async () => {
    const { version, model } = await versionOf("petrol");
    const p = version.priceZar;
    await adsFor(model.id, "petrol", [
      ...[0.78, 0.8, 0.82, 0.8, 0.79].map((s): [number, number] => [2025, Math.round(p * s)]),
      ...[0.62, 0.65, 0.64, 0.66, 0.63].map((s): [number, number] => [2023, Math.round(p * s)]),
    ]);
    const section = await loadVersionCost(request("?years=12&province=mars&pay=later"), version, model, MIN_ADS, today);
    expect(section.messages).toHaveLength(3);
    expect(section.assumptions).toMatchObject({ years: 5, province: "gauteng", payment: "finance" });
    expect(section.result.depreciation).toBe("ads");
    expect(section.result.assumptions.find((a) => a.label.startsWith("Depreciation"))?.value).toContain("10 ads of this model aged 1 to 3 years");
    expect(section.result.notes).toContain("No published licence fee loaded for Gauteng: the licence disc is left out.");
    expect(section.result.cost.totals.interest).toBeGreaterThan(0);
  });

  it("gives an electric car its running costs per 100 km and the load-shedding km", async () => {
    const { version, model } = await versionOf("electric");
    const section = await loadVersionCost(request("?solar=50&charger=11&stage=6"), version, model, MIN_ADS, today);
    const kwh = version.electricConsumptionKwh100km!;
    // The shipped home tariff is R3.56 a kWh; half of it from solar.
    expect(section.ev?.home).toBeCloseTo(kwh * 3.56 * 0.5, 2);
    expect(section.ev?.publicDc).toBeCloseTo(kwh * 7.35, 2);
    // Stage 6 takes 9 hours: 15 hours × 11 kW.
    expect(section.ev?.loadShedding).toEqual({ stage: 6, hoursWithPower: 15, chargerKw: 11, km: Math.floor(((15 * 11) / kwh) * 10) * 10 });
    expect(section.ev?.petrolEquivalent?.litresPer100Km).toBeGreaterThan(3);
  });
});

describe("the ad page's cost of ownership", () => {
  it("starts from the ad's price, age, mileage and province, with the closest catalogue version's figures", async () => {
    const { version, model } = await versionOf("petrol");
    const ad = { modelId: model.id, year: 2024, mileageKm: 30_000, priceZar: 250_000, fuel: "petrol" as const, transmission: version.transmission, bodyType: model.bodyType, engineCc: version.engineCc, province: "kwazulu-natal" };
    const section = await loadAdCost(new Request("http://localhost/ad?km=20000"), ad, MIN_ADS, today);
    expect(section?.ageYears).toBe(2);
    expect(section?.assumptions).toMatchObject({ province: "kwazulu-natal", kmPerYear: 20_000 });
    expect(section?.result.assumptions.map((a) => a.label)).toContain("Licence disc, KwaZulu-Natal");
    expect(await loadAdCost(request(), { ...ad, modelId: null }, MIN_ADS, today)).toBeNull();
  });
});

describe("the comparator's and the electric cars' costs", () => {
  it("costs each compared car on the defaults, and each electric model's cheapest version per 100 km", async () => {
    const petrol = await versionOf("petrol");
    const electric = await versionOf("electric");
    const { assumptions, costs } = await comparedCarCosts(
      [petrol, electric].map(({ version, model }) => ({ ...version, modelId: model.id, bodyType: model.bodyType })),
      MIN_ADS,
      today,
    );
    expect(assumptions.years).toBe(5);
    expect(costs.map((c) => c.ev === null)).toEqual([true, false]);
    const rows = await electricRunningRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.costs.home !== null && r.costs.kwhPer100Km > 0)).toBe(true);
  });
});
