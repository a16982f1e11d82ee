import type { FuelType } from "../../../db/schema/vocabulary";
import { assumptionsSentence, type CostAssumptions } from "./assumptions";
import type { CarCost } from "./car-cost";
import type { EvRunningCosts } from "./ev-running";

// What a page's cost section carries from its loader to its component (plain data).

export interface CostSection {
  assumptions: CostAssumptions;
  /** One sentence per query parameter that could not be used. */
  messages: string[];
  result: CarCost;
  /** Running costs per 100 km, for an electric or plug-in hybrid car. */
  ev: EvRunningCosts | null;
}

export interface AdCostSection extends CostSection {
  /** The catalogue version whose figures were used. */
  versionName: string;
  ageYears: number;
}

/**
 * The key figures the version and ad pages show (the full table, chart and form are on the cost
 * page under each): a few numbers, so the pages' HTML and hydration data stay small.
 */
export interface CostSummary {
  sentence: string;
  years: number;
  total: number;
  perMonth: number;
  perKm: number;
  ev: EvRunningCosts | null;
  solarPercent: number;
  /** The published figures used, each with its month ("Finance rate as of November 2025"). */
  asOf: string[];
  /** Whether some figures are Voitura's estimates (insurance, maintenance, depreciation). */
  withEstimates: boolean;
}

export function costSummary(section: CostSection, fuel: FuelType): CostSummary {
  const { result, assumptions, ev } = section;
  return {
    sentence: assumptionsSentence(assumptions, fuel),
    years: assumptions.years,
    total: result.cost.total,
    perMonth: result.perMonth,
    perKm: result.cost.perKm,
    ev,
    solarPercent: assumptions.solarPercent,
    asOf: [...new Set(result.assumptions.filter((a) => !a.estimate && a.asOf).map((a) => `${a.label}, ${a.asOf}`))],
    withEstimates: result.assumptions.some((a) => a.estimate),
  };
}
