import type { CostAssumptions } from "./assumptions";
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
