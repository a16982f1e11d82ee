import { describe, expect, it } from "vitest";
import { priceOutlookView, typedPrice } from "./ad-price-outlook";

describe("the price outlook before publishing", () => {
  const rated = { kind: "rated", median: 200_000, comparables: 14 } as const;

  it("rates the asked price against the comparables' median, with the reason", () => {
    expect(priceOutlookView(rated, 188_000)).toMatchObject({ rating: "good", sentence: "Good price: R 12 000 below the median of the 14 comparable ads (R 200 000)." });
    expect(priceOutlookView(rated, 180_000).rating).toBe("great");
    expect(priceOutlookView(rated, 200_000)).toMatchObject({ rating: "fair", sentence: "Fair price: exactly the median of the 14 comparable ads (R 200 000)." });
    expect(priceOutlookView(rated, 215_000)).toMatchObject({ rating: "high", sentence: "High price: R 15 000 above the median of the 14 comparable ads (R 200 000)." });
  });

  it("gives the bands of each rating, and the median alone before a price is typed", () => {
    const view = priceOutlookView(rated, undefined);
    expect(view.rating).toBeUndefined();
    expect(view.sentence).toBe("The 14 comparable ads' median price is R 200 000.");
    expect(view.bands).toEqual([
      { rating: "great", upTo: 184_000 },
      { rating: "good", upTo: 194_000 },
      { rating: "fair", upTo: 210_000 },
      { rating: "high", upTo: null },
    ]);
    // The band edges agree with the rating itself.
    expect(priceOutlookView(rated, 184_000).rating).toBe("great");
    expect(priceOutlookView(rated, 184_001).rating).toBe("good");
    expect(priceOutlookView(rated, 210_000).rating).toBe("fair");
    expect(priceOutlookView(rated, 210_001).rating).toBe("high");
  });

  it("says why there is no rating", () => {
    expect(priceOutlookView({ kind: "unknown" }, 100_000).sentence).toMatch(/^Fill in the car and its mileage/);
    expect(priceOutlookView({ kind: "few", comparables: 3 }, 100_000)).toEqual({ sentence: "No price rating yet: only 3 comparable ads for sale (it takes 5). Your ad will be rated once there are more." });
    expect(priceOutlookView({ kind: "few", comparables: 0 }, 100_000).sentence).toMatch(/no comparable ads for sale/);
  });

  it("reads a price as sellers type it", () => {
    expect(typedPrice("R 159 000")).toBe(159_000);
    expect(typedPrice("159,000")).toBe(159_000);
    expect(typedPrice("about 150k")).toBeUndefined();
    expect(typedPrice("")).toBeUndefined();
  });
});
