import { describe, expect, it } from "vitest";
import { lastTwelveMonths, monthlyMedians, quantile, valueFromComparables } from "./valuation";

describe("valueFromComparables", () => {
  it("says nothing under five comparables", () => {
    expect(valueFromComparables([150_000, 160_000, 170_000, 155_000])).toEqual({ kind: "few", comparables: 4 });
  });

  it("gives the good-or-fair range around the median, and the comparables' spread", () => {
    // By hand: sorted 140, 150, 160, 170, 180 (thousand). Median 160 000; good-or-fair runs from the
    // "great" ceiling 0.92 × 160 000 = 147 200 → R147 000 to the "fair" ceiling 1.05 × 160 000 =
    // 168 000. Quartiles at positions 1 and 3 of 0..4: 150 000 and 170 000.
    expect(valueFromComparables([180_000, 140_000, 160_000, 150_000, 170_000])).toEqual({
      kind: "valued",
      comparables: 5,
      median: 160_000,
      low: 147_000,
      high: 168_000,
      lowerQuartile: 150_000,
      upperQuartile: 170_000,
      cheapest: 140_000,
      dearest: 180_000,
    });
  });

  it("interpolates quantiles between neighbours", () => {
    // Six prices: the lower quartile sits at 0.25 × 5 = 1.25, a quarter of the way from 20 to 30.
    expect(quantile([10, 20, 30, 40, 50, 60], 0.25)).toBe(22.5);
  });
});

describe("monthlyMedians", () => {
  it("gives each month's median once five ads asked a price in it, oldest first", () => {
    const asked = [
      ...[100, 110, 120, 130, 140].map((k) => ({ month: "2026-10", price: k * 1_000 })),
      ...[100, 120].map((k) => ({ month: "2026-11", price: k * 1_000 })),
    ];
    expect(monthlyMedians(asked, ["2026-10", "2026-11", "2026-12"])).toEqual([
      { month: "2026-10", ads: 5, median: 120_000 },
      { month: "2026-11", ads: 2, median: null },
      { month: "2026-12", ads: 0, median: null },
    ]);
  });

  it("names the last twelve months, across a new year", () => {
    const months = lastTwelveMonths(new Date("2026-02-15T10:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months[11]).toBe("2026-02");
  });
});
