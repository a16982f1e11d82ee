import { describe, expect, it } from "vitest";
import { medianChartGeometry, medianSummary, monthLabel } from "./valuation-chart";

describe("medianChartGeometry", () => {
  it("scales between round R 10 000 marks and breaks the line at a month without a median", () => {
    // Medians 152 000, (none), 158 000: the axis runs 150 000 → 160 000, widened to 140 000 →
    // 170 000 (at least R 20 000 tall). Plot 74..348 across, 12..166 down.
    const chart = medianChartGeometry([
      { month: "2026-09", median: 152_000, ads: 6 },
      { month: "2026-10", median: null, ads: 2 },
      { month: "2026-11", median: 158_000, ads: 7 },
    ])!;
    expect(chart.ticks.map((t) => t.label)).toEqual(["R 140 000", "R 155 000", "R 170 000"]);
    // 152 000 is 12/30 up the axis: y = 12 + (1 - 0.4) × 154 = 104.4; x of the first month is 74.
    expect(chart.points[0]).toEqual({ x: 74, y: 104.4, month: "2026-09", median: 152_000 });
    // Two separate moves: no line is drawn across October.
    expect(chart.line.match(/M/g)).toHaveLength(2);
    expect(chart.months.map((m) => m.label)).toEqual(["Sep", "Nov"]);
  });

  it("draws nothing without a median", () => {
    expect(medianChartGeometry([{ month: "2026-11", median: null, ads: 1 }])).toBeNull();
    expect(medianSummary([{ month: "2026-11", median: null, ads: 1 }])).toMatch(/No month/);
  });

  it("names months", () => {
    expect(monthLabel("2026-01")).toBe("Jan");
    expect(monthLabel("2026-12", true)).toBe("December 2026");
  });
});
