import type { FuelType } from "../../../db/schema/vocabulary";
import { type CostAssumptions, provinceName } from "./assumptions";
import type { AssumptionLine } from "./car-cost";
import { asOfLabel, type CostFigure, type CostFigures } from "./cost-figures";
import { fuelZoneOf } from "./fuel-zones";
import { chargeKmInHours, electricPer100Km, fuelPer100Km, hoursWithPower } from "./running-costs";

// An electric or plug-in hybrid car's running costs per 100 km (home tariff, public DC charging,
// and on petrol for a plug-in hybrid) against the petrol equivalent of its body type, and what a
// home charger adds in a day of load-shedding. Figures missing from the table give null, never a guess.

export interface EvCar {
  fuel: FuelType;
  kwhPer100Km: number | null;
  /** A plug-in hybrid's combined petrol figure. */
  litresPer100Km: number | null;
}

export interface EvRunningCosts {
  kwhPer100Km: number;
  /** Rand per 100 km on the home tariff, less the solar share. */
  home: number | null;
  publicDc: number | null;
  /** A plug-in hybrid on petrol, at its combined figure. */
  petrol: number | null;
  /** The average petrol car of the body type: its l/100 km and rand per 100 km at the 95 price. */
  petrolEquivalent: { litresPer100Km: number; per100Km: number } | null;
  loadShedding: { stage: number; hoursWithPower: number; chargerKw: number; km: number } | null;
  assumptions: AssumptionLine[];
}

const line = (label: string, value: string, f: CostFigure): AssumptionLine => ({ label, value, asOf: asOfLabel(f.asOf), source: f.source, sourceUrl: f.sourceUrl, estimate: f.estimate });
const rand2 = (n: number) => `R ${n.toFixed(2)}`;

/** The running costs, or null for a car that does not charge (or has no kWh figure). */
export function evRunningCosts(car: EvCar, assumptions: CostAssumptions, figures: CostFigures, petrolEquivalentLitres: number | null): EvRunningCosts | null {
  if ((car.fuel !== "electric" && car.fuel !== "plug-in-hybrid") || !car.kwhPer100Km) return null;
  const kwh = car.kwhPer100Km;
  const shown: AssumptionLine[] = [];
  const home = figures.get("electricity", "home");
  const dc = figures.get("electricity", "public-dc");
  const zone = fuelZoneOf(assumptions.province);
  const petrol95 = figures.get("fuel", `${zone}:95`);
  const solar = assumptions.solarPercent / 100;
  if (home) shown.push(line("Home electricity", `${rand2(home.value)} a kWh${solar > 0 ? `; ${assumptions.solarPercent} % of home charging from solar, counted as free` : ""}`, home));
  if (dc) shown.push(line("Public DC fast charging", `${rand2(dc.value)} a kWh`, dc));
  if (petrol95) shown.push(line(`95 petrol, ${zone} price (${provinceName(assumptions.province)})`, `${rand2(petrol95.value)} a litre`, petrol95));
  const stageFigure = figures.get("load-shedding", String(assumptions.stage));
  if (stageFigure) shown.push(line(`Load-shedding stage ${assumptions.stage}`, `${stageFigure.value} hours a day without power; a ${assumptions.chargerKw} kW home charger (your assumption)`, stageFigure));
  const hours = stageFigure ? hoursWithPower(stageFigure.value) : null;
  return {
    kwhPer100Km: kwh,
    home: home ? electricPer100Km(kwh, home.value, solar) : null,
    publicDc: dc ? electricPer100Km(kwh, dc.value) : null,
    petrol: car.fuel === "plug-in-hybrid" && car.litresPer100Km && petrol95 ? fuelPer100Km(car.litresPer100Km, petrol95.value) : null,
    petrolEquivalent: petrolEquivalentLitres && petrol95 ? { litresPer100Km: petrolEquivalentLitres, per100Km: fuelPer100Km(petrolEquivalentLitres, petrol95.value) } : null,
    loadShedding: hours === null ? null : { stage: assumptions.stage, hoursWithPower: hours, chargerKw: assumptions.chargerKw, km: chargeKmInHours(hours, assumptions.chargerKw, kwh) },
    assumptions: shown,
  };
}
