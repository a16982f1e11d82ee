import { describe, expect, it } from "vitest";
import { calendarDaysBetween, changeLabel, firstPrice, latestDrop, listedAgo, priceChanges, priceDropSentence, shortDate } from "./price-history";

// Listed at R 199 900 on 1 November, down to R 189 900 on 10 November, the same price saved again
// on 12 November (no change), up to R 194 900 on 20 November, down to R 184 900 on 28 November.
const history = [
  { priceZar: 189_900, changedAt: "2026-11-10T08:00:00Z" },
  { priceZar: 199_900, changedAt: "2026-11-01T08:00:00Z" },
  { priceZar: 189_900, changedAt: "2026-11-12T08:00:00Z" },
  { priceZar: 194_900, changedAt: "2026-11-20T08:00:00Z" },
  { priceZar: 184_900, changedAt: "2026-11-28T08:00:00Z" },
];

describe("priceChanges", () => {
  it("lists each real change newest first, with the amount up or down", () => {
    // By hand: 199 900 → 189 900 is -10 000; 189 900 → 189 900 is no change; → 194 900 is +5 000;
    // → 184 900 is -10 000.
    expect(priceChanges(history)).toEqual([
      { priceZar: 184_900, change: -10_000, at: "2026-11-28T08:00:00Z" },
      { priceZar: 194_900, change: 5_000, at: "2026-11-20T08:00:00Z" },
      { priceZar: 189_900, change: -10_000, at: "2026-11-10T08:00:00Z" },
    ]);
  });

  it("has nothing for an ad listed once, or without a history", () => {
    expect(priceChanges([{ priceZar: 100_000, changedAt: "2026-11-01T08:00:00Z" }])).toEqual([]);
    expect(priceChanges([])).toEqual([]);
    expect(firstPrice([])).toBeNull();
  });

  it("finds the listing price, the oldest", () => {
    expect(firstPrice(history)).toEqual({ priceZar: 199_900, changedAt: "2026-11-01T08:00:00Z" });
  });
});

describe("latestDrop", () => {
  it("is the latest change when it went down", () => {
    // By hand: the latest change is 194 900 → 184 900 on 28 November, R 10 000 less.
    expect(latestDrop(history)).toEqual({ fromZar: 194_900, toZar: 184_900, amount: 10_000, at: "2026-11-28T08:00:00Z" });
  });

  it("is none once the price went up again, or never moved", () => {
    expect(latestDrop(history.slice(0, 4))).toBeNull();
    expect(latestDrop([{ priceZar: 100_000, changedAt: "2026-11-01T08:00:00Z" }])).toBeNull();
  });
});

describe("listed and dates", () => {
  it("counts calendar days in South Africa (UTC+2)", () => {
    // 21:30 UTC on 1 November is 23:30 there; 22:30 UTC is already 2 November: one day later.
    expect(calendarDaysBetween("2026-11-01T21:30:00Z", "2026-11-01T22:30:00Z")).toBe(1);
    expect(calendarDaysBetween("2026-11-01T08:00:00Z", "2026-11-24T20:00:00Z")).toBe(23);
    expect(calendarDaysBetween("2026-11-01T08:00:00Z", "2026-11-01T20:00:00Z")).toBe(0);
  });

  it("says how long ago the ad was listed", () => {
    expect(listedAgo(0)).toBe("Listed today");
    expect(listedAgo(1)).toBe("Listed yesterday");
    expect(listedAgo(23)).toBe("Listed 23 days ago");
  });

  it("writes short dates, with the year only when it is another", () => {
    expect(shortDate("2026-11-28T08:00:00Z", "2026-12-02T10:00:00Z")).toBe("28 November");
    // 23:00 UTC on 31 December 2025 is already 1 January 2026 in South Africa: this year.
    expect(shortDate("2025-12-31T23:00:00Z", "2026-12-02T10:00:00Z")).toBe("1 January");
    expect(shortDate("2025-12-30T08:00:00Z", "2026-01-02T10:00:00Z")).toBe("30 December 2025");
  });

  it("words a change and a drop", () => {
    expect(changeLabel(-10_000)).toBe("Reduced by R 10 000");
    expect(changeLabel(5_000)).toBe("Raised by R 5 000");
    expect(priceDropSentence({ amount: 10_000, at: "2026-11-28T08:00:00Z" }, "2026-12-02T10:00:00Z")).toBe("Price dropped R 10 000 on 28 November");
  });
});
