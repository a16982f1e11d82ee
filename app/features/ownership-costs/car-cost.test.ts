import { describe, expect, it } from "vitest";
import { DEFAULT_ASSUMPTIONS } from "./assumptions";
import { carCost, type CostCar, licenceFor, servicePlanLeft, shownLines } from "./car-cost";
import { type CostFigure, CostFigures } from "./cost-figures";
import { evRunningCosts } from "./ev-running";
import { costSummary } from "./sections";

// Round figures a reader can follow by hand (not the published ones).
const f = (kind: CostFigure["kind"], key: string, value: number, estimate = false): CostFigure => ({
  kind,
  key,
  value,
  unit: "",
  asOf: "2026-11",
  source: `${kind} source`,
  sourceUrl: estimate ? null : "https://example.org",
  estimate,
});
const figures = new CostFigures([
  f("fuel", "inland:95", 20),
  f("fuel", "inland:93", 19),
  f("fuel", "coastal:95", 19),
  f("fuel", "coastal:diesel", 18),
  f("electricity", "home", 3),
  f("electricity", "public-dc", 7),
  f("licence", "western-cape:1000", 400),
  f("licence", "western-cape:1250", 500),
  f("licence", "western-cape:any", 900),
  f("maintenance", "hatchback", 0.5, true),
  f("insurance", "hatchback", 4, true),
  f("depreciation-first-year", "hatchback", 20, true),
  f("depreciation-later-years", "hatchback", 10, true),
  f("finance-rate", "prime", 10),
  f("finance-rate", "typical-margin", 2, true),
  f("finance-default", "deposit-percent", 10, true),
  f("finance-default", "balloon-percent", 0, true),
  f("finance-default", "term-months", 60, true),
  f("load-shedding", "4", 6),
]);

const hatch: CostCar = {
  price: 300_000,
  ageYears: 0,
  mileageKm: 0,
  bodyType: "hatchback",
  fuel: "petrol",
  litresPer100Km: 6,
  kwhPer100Km: null,
  massKg: 1_180,
  servicePlan: { years: 2, km: null },
};

describe("the licence band of a car's mass", () => {
  it("takes the band from the next lower bound up to the one that holds the mass", () => {
    const licence = licenceFor(figures, "western-cape", 1_180);
    expect("figure" in licence && licence.figure.value).toBe(500);
    expect("band" in licence && licence.band).toBe("1 001–1 250 kg");
    expect("band" in licenceFor(figures, "western-cape", 900) && (licenceFor(figures, "western-cape", 900) as { band: string }).band).toBe("0–1 000 kg");
    expect((licenceFor(figures, "western-cape", 2_000) as { band: string }).band).toBe("over 1 250 kg");
  });

  it("says so when the province has no published fee loaded", () => {
    expect(licenceFor(figures, "gauteng", 1_180)).toEqual({ note: "No published licence fee loaded for Gauteng: the licence disc is left out." });
  });
});

describe("the service plan left on a used car", () => {
  it("takes off the years and km used", () => {
    // A 5-year / 90 000 km plan on a 2-year-old car with 40 000 km: 3 years or 50 000 km left.
    expect(servicePlanLeft({ years: 5, km: 90_000 }, 2, 40_000)).toEqual({ years: 3, km: 50_000 });
    expect(servicePlanLeft({ years: 5, km: 90_000 }, 5, 40_000)).toBeNull();
    expect(servicePlanLeft({ years: 5, km: 90_000 }, 2, 95_000)).toBeNull();
    expect(servicePlanLeft(null, 1, 0)).toBeNull();
  });
});

describe("a car's cost of ownership from the figures", () => {
  it("adds a new petrol hatch in the Western Cape paid cash, with each figure's month and source", () => {
    // The worked example of cost-of-ownership.test.ts at the coast (R19 a litre, 95): fuel 900 l × 19 = 17 100 a
    // year; licence 500 (1 001–1 250 kg); depreciation 60 000, 24 000, 21 600; insurance 12 000, 9 600, 8 640;
    // maintenance 0, 0, 7 500. Total 105 600 + 51 300 + 1 500 + 7 500 + 30 240 = 196 140, R4.36 a km.
    const result = carCost(hatch, { ...DEFAULT_ASSUMPTIONS, years: 3, province: "western-cape", payment: "cash" }, figures, null);
    expect(result.cost.totals).toEqual({ depreciation: 105_600, energy: 51_300, licence: 1_500, maintenance: 7_500, insurance: 30_240, interest: 0 });
    expect(result.cost.total).toBe(196_140);
    expect(result.cost.perKm).toBe(4.36);
    // 196 140 over 36 months.
    expect(result.perMonth).toBe(5_448);
    expect(shownLines(result)).toEqual(["depreciation", "energy", "licence", "maintenance", "insurance"]);
    expect(result.depreciation).toBe("curve");
    expect(result.assumptions.map((a) => a.label)).toEqual([
      "95 petrol, coastal price (Western Cape)",
      "Licence disc, Western Cape",
      "Service and maintenance",
      "Comprehensive insurance",
      "Depreciation, the body type's curve",
    ]);
    expect(result.assumptions[0]).toMatchObject({ value: "R 19.00 a litre at 6 l/100 km", asOf: "as of November 2026", estimate: false });
  });

  it("leaves the licence out in Gauteng, adds finance interest, and uses the ads' curve when given", () => {
    const fromAds = { curve: { firstYearShare: 0.1, laterYearShare: 0.05 }, ages: [{ ageYears: 1, median: 1, ads: 5 }, { ageYears: 4, median: 1, ads: 6 }], ads: 11 };
    const result = carCost(hatch, { ...DEFAULT_ASSUMPTIONS, years: 1 }, figures, fromAds, new Date("2026-12-02T00:00:00Z"));
    expect(result.omitted).toEqual(["licence"]);
    expect(result.notes).toContain("No published licence fee loaded for Gauteng: the licence disc is left out.");
    // 10 % of R300 000 in the first year on the ads' curve.
    expect(result.cost.totals.depreciation).toBe(30_000);
    expect(result.depreciation).toBe("ads");
    expect(result.cost.totals.interest).toBeGreaterThan(20_000);
    expect(result.assumptions.find((a) => a.label.startsWith("Depreciation"))?.value).toContain("11 ads of this model aged 1 to 4 years");
    expect(result.assumptions.find((a) => a.label === "Finance rate")?.value).toBe("12 % a year: prime 10 % plus 2 %");
  });

  it("charges an electric car at the home tariff less the solar share", () => {
    const ev: CostCar = { ...hatch, fuel: "electric", litresPer100Km: null, kwhPer100Km: 16 };
    // 15 000 km at 16 kWh/100 km = 2 400 kWh; half from solar: 1 200 kWh × R3 = R3 600.
    const result = carCost(ev, { ...DEFAULT_ASSUMPTIONS, years: 1, solarPercent: 50, payment: "cash" }, figures, null);
    expect(result.cost.totals.energy).toBe(3_600);
    expect(result.assumptions[0]?.value).toBe("R 3.00 a kWh at 16 kWh/100 km, 50 % of it from solar and counted as free");
  });
});

describe("an electrified car's running costs", () => {
  it("gives rand per 100 km at home, on DC and on petrol against the body type's petrol car, and the load-shedding km", () => {
    // 16 kWh × R3 = R48 at home, × R7 = R112 on DC; a plug-in hybrid's 1.5 l × R20 = R30; the average petrol hatch's
    // 6.5 l × R20 = R130. Stage 4: 18 hours with power × 7 kW = 126 kWh = 787.5 km, said 780.
    const costs = evRunningCosts({ fuel: "plug-in-hybrid", kwhPer100Km: 16, litresPer100Km: 1.5 }, DEFAULT_ASSUMPTIONS, figures, 6.5);
    expect(costs).toMatchObject({ home: 48, publicDc: 112, petrol: 30, petrolEquivalent: { litresPer100Km: 6.5, per100Km: 130 }, loadShedding: { stage: 4, hoursWithPower: 18, chargerKw: 7, km: 780 } });
    expect(evRunningCosts({ fuel: "petrol", kwhPer100Km: null, litresPer100Km: 6 }, DEFAULT_ASSUMPTIONS, figures, 6.5)).toBeNull();
    // No stage 8 figure loaded: no load-shedding sentence.
    expect(evRunningCosts({ fuel: "electric", kwhPer100Km: 16, litresPer100Km: null }, { ...DEFAULT_ASSUMPTIONS, stage: 8 }, figures, null)?.loadShedding).toBeNull();
  });
});

describe("the key figures a version or ad page shows", () => {
  it("keeps the totals and names each published figure with its month, the estimates only as such", () => {
    // The worked example above: R 196 140 over 3 years, R 5 448 a month, R 4.36 a km.
    const assumptions = { ...DEFAULT_ASSUMPTIONS, years: 3, province: "western-cape", payment: "cash" as const };
    const summary = costSummary({ assumptions, messages: [], result: carCost(hatch, assumptions, figures, null), ev: null }, "petrol");
    expect(summary).toMatchObject({ years: 3, total: 196_140, perMonth: 5_448, perKm: 4.36, ev: null, withEstimates: true });
    expect(summary.sentence).toBe("Over 3 years at 15 000 km a year in Western Cape, 95 petrol, paid cash.");
    expect(summary.asOf).toEqual(["95 petrol, coastal price (Western Cape), as of November 2026", "Licence disc, Western Cape, as of November 2026"]);
  });
});
