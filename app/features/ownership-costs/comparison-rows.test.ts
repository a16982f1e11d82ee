import { describe, expect, it } from "vitest";
import type { CarCost } from "./car-cost";
import { comparisonFigures, costComparisonRows } from "./comparison-rows";
import type { EvRunningCosts } from "./ev-running";

const lines = (depreciation: number, energy: number) => ({ depreciation, energy, licence: 0, maintenance: 1_000, insurance: 2_000, interest: 0 });
const car = (depreciation: number, energy: number, omitted: CarCost["omitted"]): CarCost => {
  const totals = lines(depreciation, energy);
  const total = depreciation + energy + 3_000;
  return {
    cost: { years: [], totals, total, perKm: total / 75_000 },
    perMonth: Math.round(total / 60),
    omitted,
    notes: [],
    assumptions: [{ label: "Depreciation, the body type's curve", value: "", asOf: "as of August 2024", source: "", sourceUrl: null, estimate: true }],
    depreciation: "curve",
  };
};

describe("the comparator's cost of ownership rows", () => {
  it("gives each car a cell per row, and leaves out rows no car has", () => {
    const ev = { home: 56.96, publicDc: 117.6, assumptions: [] } as unknown as EvRunningCosts;
    const rows = costComparisonRows(
      [
        { result: car(100_000, 50_000, ["licence", "interest"]), ev: null },
        { result: car(120_000, 20_000, ["licence", "interest"]), ev },
      ],
      5,
    );
    expect(rows.map((r) => r.label)).toEqual([
      "Total over 5 years",
      "A km",
      "Depreciation",
      "Fuel or electricity",
      "Service and maintenance",
      "Insurance",
      "100 km charged at home",
    ]);
    // 153 000 and 143 000: the comparator's price format, all ranked lowest first.
    expect(rows[0]!.cells).toEqual([
      { value: 153_000, text: "153.000", unit: "ZAR" },
      { value: 143_000, text: "143.000", unit: "ZAR" },
    ]);
    expect(rows.every((r) => r.better === "lower")).toBe(true);
    expect(rows.at(-1)!.cells).toEqual([{ value: null, text: "–" }, { value: 56.96, text: "56.96", unit: "ZAR" }]);
  });

  it("names each figure once with its month", () => {
    const result = car(1, 1, []);
    expect(comparisonFigures([{ result, ev: null }, { result, ev: null }])).toEqual([{ label: "Depreciation", asOf: "as of August 2024", estimate: true }]);
  });
});
