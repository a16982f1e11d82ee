import { describe, expect, it } from "vitest";
import { costOfOwnership, type OwnershipFigures, type OwnershipInput, uncoveredKm, valueShareAt } from "./cost-of-ownership";

// Figures for the worked examples only: round numbers a reader can follow by hand, not published ones.
const figures: OwnershipFigures = {
  fuelPerLitre: 20,
  electricityPerKwh: 3,
  licencePerYear: 600,
  maintenancePerKm: 0.5,
  insuranceShareOfValue: 0.04,
  depreciation: { firstYearShare: 0.2, laterYearShare: 0.1 },
};

const petrolCash: OwnershipInput = {
  price: 300_000,
  ageYears: 0,
  years: 3,
  kmPerYear: 15_000,
  litresPer100Km: 6,
  kwhPer100Km: null,
  electricShare: 0,
  servicePlan: { years: 2, km: null },
  finance: null,
};

describe("valueShareAt and uncoveredKm", () => {
  it("loses the first year's share, then a share of what is left each year", () => {
    // 1 → 0.8 → 0.8 × 0.9 = 0.72 → 0.72 × 0.9 = 0.648
    expect(valueShareAt(figures.depreciation, 0)).toBe(1);
    expect(valueShareAt(figures.depreciation, 1)).toBeCloseTo(0.8);
    expect(valueShareAt(figures.depreciation, 3)).toBeCloseTo(0.648);
  });

  it("ends the plan at its years or its km, whichever comes first, even within a year", () => {
    expect(uncoveredKm(1, 15_000, { years: 3, km: 45_000 })).toBe(0);
    // A 5-year / 60 000 km plan at 25 000 km a year runs out at 60 000 km, in year 3: 15 000 km uncovered.
    expect(uncoveredKm(3, 25_000, { years: 5, km: 60_000 })).toBe(15_000);
    expect(uncoveredKm(4, 25_000, { years: 5, km: 60_000 })).toBe(25_000);
    expect(uncoveredKm(1, 15_000, null)).toBe(15_000);
  });
});

describe("costOfOwnership", () => {
  it("adds up a new petrol car bought cash over three years, line by line", () => {
    // By hand, R300 000 new, 15 000 km a year at 6 l/100 km and R20 a litre:
    // depreciation 60 000 (to 240 000), 24 000 (to 216 000), 21 600 (to 194 400);
    // fuel 900 l × 20 = 18 000 a year; licence 600 a year; maintenance 0 for the plan's two years,
    // then 15 000 × 0.50 = 7 500; insurance 4 % of the value at each year's start: 12 000, 9 600, 8 640.
    const cost = costOfOwnership(petrolCash, figures);
    expect(cost.years.map((y) => y.lines)).toEqual([
      { depreciation: 60_000, energy: 18_000, licence: 600, maintenance: 0, insurance: 12_000, interest: 0 },
      { depreciation: 24_000, energy: 18_000, licence: 600, maintenance: 0, insurance: 9_600, interest: 0 },
      { depreciation: 21_600, energy: 18_000, licence: 600, maintenance: 7_500, insurance: 8_640, interest: 0 },
    ]);
    expect(cost.years[2]!.valueAtEnd).toBe(194_400);
    expect(cost.totals).toEqual({ depreciation: 105_600, energy: 54_000, licence: 1_800, maintenance: 7_500, insurance: 30_240, interest: 0 });
    expect(cost.total).toBe(199_140);
    // 199 140 over 45 000 km.
    expect(cost.perKm).toBe(4.43);
  });

  it("depreciates a used car along the curve from its age, and charges an electric car by the kWh", () => {
    // A 3-year-old car at R194 400 loses 10 % a year from there: 19 440 in its first year owned.
    const used = costOfOwnership({ ...petrolCash, price: 194_400, ageYears: 3, years: 1, servicePlan: null }, figures);
    expect(used.years[0]!.lines.depreciation).toBe(19_440);
    expect(used.years[0]!.lines.maintenance).toBe(7_500);
    // 15 000 km at 16 kWh/100 km is 2 400 kWh at R3: R7 200 a year.
    const electric = costOfOwnership({ ...petrolCash, litresPer100Km: null, kwhPer100Km: 16, electricShare: 1, years: 1 }, { ...figures, fuelPerLitre: null });
    expect(electric.years[0]!.lines.energy).toBe(7_200);
  });

  it("adds each year's finance interest from the calculator's own schedule", () => {
    const financed = costOfOwnership({ ...petrolCash, finance: { deposit: 30_000, balloonPercent: 0, termMonths: 72, annualRatePercent: 11.75 } }, figures);
    expect(financed.years[0]!.lines.interest).toBeGreaterThan(25_000);
    expect(financed.years[0]!.lines.interest).toBeGreaterThan(financed.years[2]!.lines.interest);
    expect(() => costOfOwnership({ ...petrolCash, years: 0 }, figures)).toThrow(RangeError);
  });
});
