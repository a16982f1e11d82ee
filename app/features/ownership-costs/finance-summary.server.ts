import { loadCostFigures } from "./cost-figures.server";
import { type FinanceSummary, financeSummary } from "./finance-estimate";

/** Today's finance terms and their stated assumptions (the figures are cached a minute; null without them). */
export async function currentFinanceSummary(): Promise<FinanceSummary | null> {
  return financeSummary(await loadCostFigures());
}
