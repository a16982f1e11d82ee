import { describe, expect, it } from "vitest";
import { costChartGeometry } from "./cost-chart";
import type { OwnershipYear } from "./cost-of-ownership";

const year = (n: number, depreciation: number, energy: number): OwnershipYear => ({
  year: n,
  valueAtEnd: 0,
  lines: { depreciation, energy, licence: 0, maintenance: 0, insurance: 0, interest: 0 },
  total: depreciation + energy,
});

describe("the cost chart", () => {
  it("stacks each year's lines from the baseline, on an axis topped at a nice value", () => {
    // Totals 80 000 and 40 000: the axis tops out at 100 000. The plot is 162 units high (10 to 172), so
    // 60 000 of depreciation is 97.2 high and 20 000 of fuel 32.4 above it.
    const chart = costChartGeometry([year(1, 60_000, 20_000), year(2, 20_000, 20_000)], ["depreciation", "energy", "licence"]);
    expect(chart.ticks.map((t) => t.label)).toEqual(["0", "50.000", "100.000"]);
    expect(chart.bars[0]!.total).toBe(80_000);
    expect(chart.bars[0]!.segments).toEqual([
      { line: "depreciation", y: 74.8, height: 97.2 },
      { line: "energy", y: 42.4, height: 32.4 },
    ]);
    // Two slots of 148 across the plot, bars 40 wide in the middle of each.
    expect(chart.bars.map((b) => b.x)).toEqual([110, 258]);
  });
});
