import { describe, expect, it } from "vitest";
import { askedInMonths } from "./asked-prices";

const at = (iso: string) => new Date(iso);

describe("askedInMonths", () => {
  it("counts an ad in every month it was on sale, at the price it showed as the month closed", () => {
    // Published 20 September at R 200 000, lowered to R 190 000 on 10 October, live since:
    // September → 200 000, October → 190 000 (its price at the month's end), November → 190 000.
    const live = {
      publishedAt: at("2026-09-20T08:00:00Z"),
      endedAt: null,
      price: 190_000,
      history: [
        { price: 200_000, at: at("2026-09-20T08:00:00Z") },
        { price: 190_000, at: at("2026-10-10T08:00:00Z") },
      ],
    };
    expect(askedInMonths([live], ["2026-08", "2026-09", "2026-10", "2026-11"])).toEqual([
      { month: "2026-09", price: 200_000 },
      { month: "2026-10", price: 190_000 },
      { month: "2026-11", price: 190_000 },
    ]);
  });

  it("stops at a sale, with the price it left at, and uses the current price without a history", () => {
    // Sold 5 October after a cut on 3 October: October counts once, at R 150 000; not November.
    const sold = {
      publishedAt: at("2026-09-01T08:00:00Z"),
      endedAt: at("2026-10-05T08:00:00Z"),
      price: 150_000,
      history: [
        { price: 160_000, at: at("2026-09-01T08:00:00Z") },
        { price: 150_000, at: at("2026-10-03T08:00:00Z") },
      ],
    };
    const bare = { publishedAt: at("2026-11-30T23:00:00Z"), endedAt: null, price: 99_000, history: [] };
    expect(askedInMonths([sold, bare], ["2026-10", "2026-11"])).toEqual([
      { month: "2026-10", price: 150_000 },
      { month: "2026-11", price: 99_000 },
    ]);
  });
});
