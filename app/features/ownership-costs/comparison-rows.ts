import { formatPrice } from "~/lib/format";
import { type AssumptionLine, type CarCost, costLineLabels, shownLines } from "./car-cost";
import { costLines } from "./cost-of-ownership";
import type { EvRunningCosts } from "./ev-running";

// The comparator's "Cost of ownership" rows: one cell per car, in the comparator's row shape
// (the route marks each row's best, the lowest, as it does for its other rows). A line not
// loaded for a car shows "–" and is never best.

export interface CostRowCell {
  value: number | null;
  text: string;
  unit?: string;
}

export interface CostRow {
  key: string;
  label: string;
  unit?: string;
  better: "lower";
  cells: CostRowCell[];
}

const rand = (n: number | null): CostRowCell => (n === null ? { value: null, text: "–" } : { value: n, text: n === 0 ? "0" : formatPrice(n), unit: "ZAR" });
const cents = (n: number | null, unit: string): CostRowCell => (n === null ? { value: null, text: "–" } : { value: n, text: n.toFixed(2), unit });

export function costComparisonRows(costs: readonly { result: CarCost; ev: EvRunningCosts | null }[], years: number): CostRow[] {
  const row = (key: string, label: string, cells: CostRowCell[]): CostRow => ({ key, label, better: "lower", cells });
  const rows = [
    row("cost-total", `Total over ${years} years`, costs.map((c) => rand(c.result.cost.total))),
    row("cost-km", "A km", costs.map((c) => cents(c.result.cost.perKm, "ZAR/km"))),
    ...costLines.map((line) =>
      row(`cost-${line}`, costLineLabels[line], costs.map((c) => (shownLines(c.result).includes(line) ? rand(c.result.cost.totals[line]) : rand(null)))),
    ),
    row("cost-ev-home", "100 km charged at home", costs.map((c) => cents(c.ev?.home ?? null, "ZAR"))),
  ];
  // The month and public charging are on each car's page (the comparator is a heavy page already).
  // A row no car has a figure in is left out (the licence outside the provinces with fees loaded, the charging rows without an electric car).
  return rows.filter((r) => r.cells.some((c) => c.value !== null));
}

/** Each figure the compared costs rest on, once, with its month (the sources are on each car's page). */
export function comparisonFigures(costs: readonly { result: CarCost; ev: EvRunningCosts | null }[]): Pick<AssumptionLine, "label" | "asOf" | "estimate">[] {
  const seen = new Map<string, Pick<AssumptionLine, "label" | "asOf" | "estimate">>();
  for (const c of costs)
    for (const a of [...c.result.assumptions, ...(c.ev?.assumptions ?? [])]) {
      const label = a.label.replace(/, the body type's curve|, from Voitura's used-car ads/, "");
      const key = `${label}|${a.asOf}`;
      if (!seen.has(key)) seen.set(key, { label, asOf: a.asOf, estimate: a.estimate });
    }
  return [...seen.values()];
}


