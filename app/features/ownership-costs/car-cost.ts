import { formatKm, formatRand, groupDigits } from "~/lib/format";
import type { BodyType, FuelType } from "../../../db/schema/vocabulary";
import type { CostAssumptions } from "./assumptions";
import { provinceName } from "./assumptions";
import { asOfLabel, type CostFigure, type CostFigures } from "./cost-figures";
import { type CostLine, costOfOwnership, type DepreciationCurve, type OwnershipCost, type OwnershipInput } from "./cost-of-ownership";
import type { CurveFromAds } from "./depreciation-from-ads";
import { financeInputFor, financeTerms } from "./finance-estimate";
import { fuelZoneOf } from "./fuel-zones";

// One car's cost of ownership with what it rests on: the figures chosen for the car (its fuel in
// the province's zone, the licence band of its mass, its body type's estimates), each shown with
// its month and source, and the lines left out when a figure is not loaded (said, never guessed).

/** What the cost needs to know about a car, new (age 0) or used. */
export interface CostCar {
  price: number;
  ageYears: number;
  /** km on the clock when bought (0 new). */
  mileageKm: number;
  bodyType: BodyType;
  fuel: FuelType;
  litresPer100Km: number | null;
  kwhPer100Km: number | null;
  /** The catalogue's mass, taken as the tare mass of the licence bands. */
  massKg: number;
  /** The service plan a new car comes with; null when none. */
  servicePlan: { years: number; km: number | null } | null;
}

/** An assumption as the page shows it: what, how much, as of when, from where. */
export interface AssumptionLine {
  label: string;
  value: string;
  asOf: string | null;
  source: string;
  sourceUrl: string | null;
  estimate: boolean;
}

export interface CarCost {
  cost: OwnershipCost;
  /** The total spread over the months owned. */
  perMonth: number;
  /** Lines not shown: no figure loaded for them (said in the notes), or no interest when paid cash. Their amounts are 0 in `cost`. */
  omitted: CostLine[];
  /** Why lines are left out, and anything else the reader must know. */
  notes: string[];
  assumptions: AssumptionLine[];
  depreciation: "ads" | "curve";
}


const randText = (n: number, decimals = 0) => (decimals ? `R ${n.toFixed(decimals)}` : formatRand(n));
const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;


function line(label: string, value: string, figure: CostFigure): AssumptionLine {
  return { label, value, asOf: asOfLabel(figure.asOf), source: figure.source, sourceUrl: figure.sourceUrl, estimate: figure.estimate };
}

/** The plan's cover left on a used car: the years and km it has not used up; null when none is left. */
export function servicePlanLeft(plan: CostCar["servicePlan"], ageYears: number, mileageKm: number): OwnershipInput["servicePlan"] {
  if (!plan) return null;
  const years = plan.years - ageYears;
  const km = plan.km === null ? null : plan.km - mileageKm;
  if (years <= 0 || (km !== null && km <= 0)) return null;
  return { years, km };
}

/** The licence fee line for a province and mass, or a note that the province has no fee loaded. */
export function licenceFor(figures: CostFigures, province: string, massKg: number): { figure: CostFigure; band: string } | { note: string } {
  const figure = figures.licence(province, massKg);
  if (!figure) return { note: `No published licence fee loaded for ${provinceName(province)}: the licence disc is left out.` };
  const upper = figure.key.split(":")[1]!;
  const bands = figures.all.filter((f) => f.kind === "licence" && f.key.startsWith(`${province}:`) && !f.key.endsWith(":any")).map((f) => Number(f.key.split(":")[1]));
  const lower = Math.max(0, ...bands.filter((b) => b < (upper === "any" ? Number.POSITIVE_INFINITY : Number(upper))));
  const band = upper === "any" ? `over ${groupDigits(lower)} kg` : `${lower === 0 ? 0 : groupDigits(lower + 1)}–${groupDigits(Number(upper))} kg`;
  return { figure, band };
}

/** The car's cost over the assumptions, with every figure it used. */
export function carCost(car: CostCar, assumptions: CostAssumptions, figures: CostFigures, fromAds: CurveFromAds | null, today = new Date()): CarCost {
  const notes: string[] = [];
  const omitted: CostLine[] = [];
  const shown: AssumptionLine[] = [];
  const { province, kmPerYear } = assumptions;

  // Energy: the car's fuel at the province's zone price, or the home tariff less the solar share.
  const electric = car.fuel === "electric";
  const zone = fuelZoneOf(province);
  const grade = car.fuel === "diesel" ? "diesel" : assumptions.grade;
  const fuelFigure = electric ? undefined : figures.get("fuel", `${zone}:${grade}`);
  const homeFigure = electric ? figures.get("electricity", "home") : undefined;
  const solarShare = assumptions.solarPercent / 100;
  let fuelPerLitre: number | null = null;
  let electricityPerKwh: number | null = null;
  if (electric) {
    if (homeFigure && car.kwhPer100Km) {
      electricityPerKwh = homeFigure.value * (1 - solarShare);
      shown.push(line("Electricity (home tariff)", `${randText(homeFigure.value, 2)} a kWh at ${car.kwhPer100Km} kWh/100 km${solarShare > 0 ? `, ${assumptions.solarPercent} % of it from solar and counted as free` : ""}`, homeFigure));
    } else omitted.push("energy");
  } else if (fuelFigure && car.litresPer100Km) {
    fuelPerLitre = fuelFigure.value;
    const what = grade === "diesel" ? "Diesel" : `${grade} petrol`;
    shown.push(line(`${what}, ${zone} price (${provinceName(province)})`, `${randText(fuelFigure.value, 2)} a litre at ${car.litresPer100Km} l/100 km`, fuelFigure));
    if (car.fuel === "plug-in-hybrid")
      notes.push("Plug-in hybrid: fuel at the maker's combined figure, which assumes regular charging; the electricity for that charging is not counted here (see the running costs below).");
  } else omitted.push("energy");
  if (omitted.includes("energy")) notes.push("No fuel price or consumption figure is loaded for this car: fuel or electricity is left out.");

  // Licence disc by the province's tare mass bands.
  const licence = licenceFor(figures, province, car.massKg);
  let licencePerYear = 0;
  if ("note" in licence) {
    omitted.push("licence");
    notes.push(licence.note);
  } else {
    licencePerYear = licence.figure.value;
    shown.push(line(`Licence disc, ${provinceName(province)}`, `${randText(licence.figure.value)} a year (tare mass ${licence.band}; the car weighs ${groupDigits(car.massKg)} kg)`, licence.figure));
  }

  // Service plan, then the maintenance estimate per km.
  const plan = car.ageYears > 0 || car.mileageKm > 0 ? servicePlanLeft(car.servicePlan, car.ageYears, car.mileageKm) : car.servicePlan;
  const maintenance = figures.get("maintenance", car.bodyType);
  const planText = plan ? `after the service plan (${plan.years} ${plan.years === 1 ? "year" : "years"}${plan.km ? ` or ${formatKm(plan.km)}` : ""}${car.ageYears > 0 ? " left" : ""})` : car.servicePlan ? "(the service plan has run out)" : "(no service plan)";
  if (maintenance) shown.push(line("Service and maintenance", `${randText(maintenance.value, 2)} a km ${planText}`, maintenance));
  else {
    omitted.push("maintenance");
    notes.push("No maintenance estimate is loaded for this body type: service and maintenance are left out.");
  }

  // Insurance as a share of the value at each year's start.
  const insurance = figures.get("insurance", car.bodyType);
  if (insurance) shown.push(line("Comprehensive insurance", `${insurance.value} % of the car's value a year`, insurance));
  else {
    omitted.push("insurance");
    notes.push("No insurance estimate is loaded for this body type: insurance is left out.");
  }

  // Depreciation: the model's own used-car prices when there are enough, else the body type's curve.
  let curve: DepreciationCurve = { firstYearShare: 0, laterYearShare: 0 };
  let depreciation: CarCost["depreciation"] = "curve";
  const first = figures.get("depreciation-first-year", car.bodyType);
  const later = figures.get("depreciation-later-years", car.bodyType);
  if (fromAds) {
    curve = fromAds.curve;
    depreciation = "ads";
    const month = `${today.getUTCFullYear()}-${String(today.getUTCMonth() + 1).padStart(2, "0")}`;
    const ages = fromAds.ages.map((a) => a.ageYears);
    shown.push({
      label: "Depreciation, from Voitura's used-car ads",
      value: `${percent(curve.firstYearShare)} in the first year, then ${percent(curve.laterYearShare)} a year: the median asking prices of ${fromAds.ads} ads of this model aged ${ages[0]} to ${ages.at(-1)} years, against its new prices`,
      asOf: asOfLabel(month),
      source: "Voitura's marketplace: the asking prices of the model's used-car ads on sale now",
      sourceUrl: null,
      estimate: true,
    });
  } else if (first && later) {
    curve = { firstYearShare: first.value / 100, laterYearShare: later.value / 100 };
    shown.push(line("Depreciation, the body type's curve", `${first.value} % in the first year, then ${later.value} % a year (too few used-car ads of this model to read its own)`, first));
  } else {
    omitted.push("depreciation");
    notes.push("No depreciation estimate is loaded for this body type: depreciation is left out.");
  }

  // Finance interest on the stated terms (the same as the instalment estimate), or none for cash.
  let finance: OwnershipInput["finance"] = null;
  const terms = assumptions.payment === "finance" ? financeTerms(figures) : null;
  if (assumptions.payment === "cash") omitted.push("interest");
  else {
    const prime = figures.get("finance-rate", "prime");
    const margin = figures.get("finance-rate", "typical-margin");
    if (terms && prime && margin) {
      const { price: _price, ...rest } = financeInputFor(car.price, terms);
      finance = rest;
      shown.push(line("Finance rate", `${terms.annualRatePercent} % a year: prime ${prime.value} % plus ${margin.value} %`, prime));
      const deposit = figures.get("finance-default", "deposit-percent")!;
      shown.push(line("Finance terms", `${terms.depositPercent} % deposit, ${terms.termMonths} months, ${terms.balloonPercent} % balloon; the balance is settled when the car is sold`, deposit));
    } else {
      omitted.push("interest");
      notes.push("The finance rate is not loaded: finance interest is left out.");
    }
  }

  const input: OwnershipInput = {
    price: car.price,
    ageYears: car.ageYears,
    years: assumptions.years,
    kmPerYear,
    litresPer100Km: electric ? null : car.litresPer100Km,
    kwhPer100Km: car.kwhPer100Km,
    electricShare: electric ? 1 : 0,
    servicePlan: plan,
    finance,
  };
  const cost = costOfOwnership(input, {
    fuelPerLitre,
    electricityPerKwh,
    licencePerYear,
    maintenancePerKm: maintenance?.value ?? 0,
    insuranceShareOfValue: (insurance?.value ?? 0) / 100,
    depreciation: curve,
  });
  return { cost, perMonth: Math.round(cost.total / (assumptions.years * 12)), omitted, notes, assumptions: shown, depreciation };
}

export { costLineLabels, shownLines } from "./cost-lines";
