import { calculateFinance, type FinanceInput } from "~/features/editorial/finance";

// What a car costs its owner over the years (issue 47), as pure rules: every figure they rest on
// (pump prices, the electricity tariff, the licence fee, the maintenance and insurance estimates,
// the depreciation curve) comes in as data with its source, never as a constant here, so the
// version page, the comparator and the ad page add up the same lines the same way.

export const costLines = ["depreciation", "energy", "licence", "maintenance", "insurance", "interest"] as const;
export type CostLine = (typeof costLines)[number];

/** How a car loses value: a share of its value in its first year, then a share of what is left each year. */
export interface DepreciationCurve {
  firstYearShare: number;
  laterYearShare: number;
}

export interface OwnershipFigures {
  /** Rand per litre of the car's fuel in the owner's zone, or null for an electric car. */
  fuelPerLitre: number | null;
  /** Rand per kWh charged (home tariff, or a blend with public charging). */
  electricityPerKwh: number | null;
  /** The yearly licence disc for the car's mass in the owner's province. */
  licencePerYear: number;
  /** Rand per km once no service plan covers the car. */
  maintenancePerKm: number;
  /** Comprehensive insurance a year, as a share of the car's value at the start of that year. */
  insuranceShareOfValue: number;
  depreciation: DepreciationCurve;
}

export interface OwnershipInput {
  /** What the owner pays for the car, in rand. */
  price: number;
  /** The car's age when bought, in whole years (0: new). */
  ageYears: number;
  /** The years of ownership added up. */
  years: number;
  kmPerYear: number;
  /** Litres per 100 km of fuel, and kWh per 100 km from the grid (a plug-in hybrid has both). */
  litresPer100Km: number | null;
  kwhPer100Km: number | null;
  /** The share of the distance driven on electricity (1 for an electric car, 0 for a petrol one). */
  electricShare: number;
  /** The service plan's cover left when bought: years and km from the purchase; null when none. */
  servicePlan: { years: number; km: number | null } | null;
  /** The car bought on finance, or null for cash. */
  finance: Omit<FinanceInput, "price"> | null;
}

export interface OwnershipYear {
  year: number;
  /** The car's value at the end of the year. */
  valueAtEnd: number;
  lines: Record<CostLine, number>;
  total: number;
}

export interface OwnershipCost {
  years: OwnershipYear[];
  totals: Record<CostLine, number>;
  total: number;
  /** The total over every kilometre driven, in rand per km. */
  perKm: number;
}

const rand = (n: number) => Math.round(n);

/** A car's value relative to new at an age in years, on the curve (1 when new). */
export function valueShareAt(curve: DepreciationCurve, ageYears: number): number {
  if (ageYears <= 0) return 1;
  return (1 - curve.firstYearShare) * (1 - curve.laterYearShare) ** (ageYears - 1);
}

/** The km of a year that no service plan covers: the plan ends at its years or its km, whichever comes first. */
export function uncoveredKm(year: number, kmPerYear: number, plan: OwnershipInput["servicePlan"]): number {
  if (!plan) return kmPerYear;
  const startKm = (year - 1) * kmPerYear;
  const endKm = year * kmPerYear;
  const planEndKm = Math.min(plan.years * kmPerYear, plan.km ?? Number.POSITIVE_INFINITY);
  return Math.max(0, endKm - Math.max(startKm, planEndKm));
}

export function costOfOwnership(input: OwnershipInput, figures: OwnershipFigures): OwnershipCost {
  const { price, ageYears, years, kmPerYear } = input;
  if (!Number.isInteger(years) || years < 1) throw new RangeError("at least one year of ownership");
  const curve = figures.depreciation;
  const startShare = valueShareAt(curve, ageYears);
  const valueAt = (yearsOwned: number) => (price * valueShareAt(curve, ageYears + yearsOwned)) / startShare;
  const interestByYear = input.finance ? calculateFinance({ price, ...input.finance }).years.map((y) => y.interest) : [];

  const litres = ((input.litresPer100Km ?? 0) * kmPerYear * (1 - input.electricShare)) / 100;
  const kwh = ((input.kwhPer100Km ?? 0) * kmPerYear * input.electricShare) / 100;
  const energy = litres * (figures.fuelPerLitre ?? 0) + kwh * (figures.electricityPerKwh ?? 0);

  const out: OwnershipYear[] = [];
  for (let year = 1; year <= years; year++) {
    const valueAtStart = valueAt(year - 1);
    const valueAtEnd = valueAt(year);
    const lines: Record<CostLine, number> = {
      depreciation: rand(valueAtStart - valueAtEnd),
      energy: rand(energy),
      licence: rand(figures.licencePerYear),
      maintenance: rand(uncoveredKm(year, kmPerYear, input.servicePlan) * figures.maintenancePerKm),
      insurance: rand(valueAtStart * figures.insuranceShareOfValue),
      interest: rand(interestByYear[year - 1] ?? 0),
    };
    out.push({ year, valueAtEnd: rand(valueAtEnd), lines, total: costLines.reduce((sum, line) => sum + lines[line], 0) });
  }
  const totals = Object.fromEntries(costLines.map((line) => [line, out.reduce((sum, y) => sum + y.lines[line], 0)])) as Record<CostLine, number>;
  const total = costLines.reduce((sum, line) => sum + totals[line], 0);
  return { years: out, totals, total, perKm: Math.round((total / (kmPerYear * years)) * 100) / 100 };
}
