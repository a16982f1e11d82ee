import { describe, expect, it } from "vitest";
import {
  barHeights,
  bulkNotice,
  compareWeeks,
  daysOnMarket,
  daysOnMarketText,
  lastDays,
  onDays,
  parseLeadsQuery,
  parseStockQuery,
  receivedText,
  stockSearch,
  weekComparisonText,
} from "./dashboard-rules";

describe("days on the market", () => {
  it("counts South African days from the publication day to today", () => {
    const now = new Date("2026-10-10T08:00:00Z");
    expect(daysOnMarket({ publishedAt: new Date("2026-10-10T06:00:00Z"), soldAt: null }, now)).toBe(0);
    expect(daysOnMarket({ publishedAt: new Date("2026-10-01T08:00:00Z"), soldAt: null }, now)).toBe(9);
    // 23:30 UTC on the 9th is already the 10th in Johannesburg: listed today.
    expect(daysOnMarket({ publishedAt: new Date("2026-10-09T22:30:00Z"), soldAt: null }, now)).toBe(0);
    expect(daysOnMarket({ publishedAt: null, soldAt: null }, now)).toBeNull();
  });

  it("stops at the day a car sold", () => {
    const now = new Date("2026-12-01T08:00:00Z");
    expect(daysOnMarket({ publishedAt: new Date("2026-10-01T08:00:00Z"), soldAt: new Date("2026-10-15T08:00:00Z") }, now)).toBe(14);
  });

  it("says it in words", () => {
    expect(daysOnMarketText(0)).toBe("Listed today");
    expect(daysOnMarketText(1)).toBe("1 day on the market");
    expect(daysOnMarketText(23)).toBe("23 days on the market");
    expect(daysOnMarketText(null)).toBeNull();
  });
});

describe("the 30 days", () => {
  it("are South African days ending today", () => {
    // 22:30 UTC on 31 October is 1 November in Johannesburg.
    const days = lastDays(new Date("2026-10-31T22:30:00Z"));
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe("2026-11-01");
    expect(days[0]).toBe("2026-10-03");
    expect(lastDays(new Date("2026-03-01T10:00:00Z"), 3)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });

  it("put each count on its day, zero elsewhere, and ignore days outside", () => {
    const figures = onDays(["2026-10-01", "2026-10-02"], [
      { day: "2026-10-01", views: 4, contacts: 1 },
      { day: "2026-10-01", contacts: 2 },
      { day: "2026-10-02", leads: 1 },
      { day: "2026-09-30", views: 99 },
    ]);
    expect(figures).toEqual([
      { day: "2026-10-01", views: 4, contacts: 3, leads: 0 },
      { day: "2026-10-02", views: 0, contacts: 0, leads: 1 },
    ]);
  });

  it("compare the last seven days with the seven before", () => {
    const values = [...Array(16).fill(100), ...Array(7).fill(10), ...Array(7).fill(12)];
    expect(compareWeeks(values)).toEqual({ thisWeek: 84, weekBefore: 70, trend: "up", percent: 20 });
    expect(weekComparisonText(compareWeeks(values))).toBe("Up 20 % on the week before (70)");
    expect(compareWeeks([...Array(7).fill(2), ...Array(7).fill(1)])).toMatchObject({ trend: "down", percent: -50 });
    expect(weekComparisonText(compareWeeks([...Array(7).fill(0), 0, 0, 0, 0, 0, 0, 3]))).toBe("Up from none the week before");
    expect(weekComparisonText(compareWeeks(Array(14).fill(0)))).toBe("Same as the week before (0)");
  });

  it("scale the bars to the largest, keeping a small non-zero day visible", () => {
    expect(barHeights([0, 50, 100], 48)).toEqual([0, 24, 48]);
    expect(barHeights([1, 1000], 48)[0]).toBe(1);
    expect(barHeights([0, 0], 48)).toEqual([0, 0]);
  });
});

describe("the lists' queries", () => {
  it("read the stock filter and page, ignoring what they do not know", () => {
    expect(parseStockQuery(new URLSearchParams("filter=sold&page=3"))).toEqual({ filter: "sold", page: 3 });
    expect(parseStockQuery(new URLSearchParams("filter=<script>&page=-1"))).toEqual({ filter: "all", page: 1 });
    expect(parseStockQuery(new URLSearchParams("page=99999999"))).toEqual({ filter: "all", page: 1 });
    expect(stockSearch({ filter: "high-price", page: 2 })).toBe("?filter=high-price&page=2");
    expect(stockSearch({ filter: "all", page: 1 })).toBe("");
  });

  it("read the leads' status and kind", () => {
    expect(parseLeadsQuery(new URLSearchParams("status=contacted&kind=ad-message"))).toEqual({ status: "contacted", kind: "ad-message", page: 1 });
    expect(parseLeadsQuery(new URLSearchParams("status=won&kind=phone"))).toEqual({ status: null, kind: null, page: 1 });
  });

  it("word the bulk action's notice", () => {
    expect(bulkNotice(new URLSearchParams("done=sold&count=3"))).toBe("3 ads marked as sold.");
    expect(bulkNotice(new URLSearchParams("done=pause&count=1&skipped=2"))).toBe("1 ad paused. 2 ads were left as they were: “Pause” does not suit their status.");
    expect(bulkNotice(new URLSearchParams("done=delete&count=3"))).toBeNull();
  });

  it("write when a lead came in South African time", () => {
    expect(receivedText(new Date("2026-03-14T07:05:00Z"))).toBe("14 Mar 2026, 09:05");
  });
});
