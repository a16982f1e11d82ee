import { describe, expect, it } from "vitest";
import { lowPriceGap, median, mileageBand, priceRatingFromCode, priceRatingOf, priceRatingReason, ratePrice } from "./price-rating";

describe("price rating", () => {
  it("takes the middle of an odd list and the mean of the two middles of an even one", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(median([7])).toBe(7);
    expect(median([5, 5, 5, 1, 9, 5])).toBe(5);
  });

  it("selects the same median as sorting would, on random, sorted and repeated lists", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(random() * 60);
      const values = Array.from({ length: n }, () => Math.floor(random() * (round % 3 === 0 ? 4 : 1_000_000)));
      if (round % 5 === 0) values.sort((a, b) => a - b);
      if (round % 7 === 0) values.reverse();
      const sorted = [...values].sort((a, b) => a - b);
      const expected = n % 2 ? sorted[n >> 1]! : (sorted[(n >> 1) - 1]! + sorted[n >> 1]!) / 2;
      expect(median(values)).toBe(expected);
    }
  });

  it("rates great at 8 % under the median, good from 3 % under, fair up to 5 % over, else high", () => {
    expect(ratePrice(92_000, 100_000)).toBe("great");
    expect(ratePrice(92_001, 100_000)).toBe("good");
    expect(ratePrice(97_000, 100_000)).toBe("good");
    expect(ratePrice(97_001, 100_000)).toBe("fair");
    expect(ratePrice(105_000, 100_000)).toBe("fair");
    expect(ratePrice(105_001, 100_000)).toBe("high");
  });

  it("gives no rating under five comparables", () => {
    expect(priceRatingOf(100_000, [1, 2, 3, 4])).toBeUndefined();
    expect(priceRatingOf(100_000, [110_000, 120_000, 118_000, 125_000, 121_000])).toEqual({
      rating: "great",
      median: 120_000,
      comparables: 5,
    });
  });

  it("compares mileages within 35 % (at least 20 000 km), widened to whole 10 000 km", () => {
    expect(mileageBand(60_000)).toEqual({ min: 30_000, max: 90_000 });
    expect(mileageBand(10_000)).toEqual({ min: 0, max: 30_000 });
    expect(mileageBand(200_000)).toEqual({ min: 130_000, max: 270_000 });
  });

  it("says why in one sentence", () => {
    expect(
      priceRatingReason({ price: 150_000, median: 168_000, comparables: 23, year: 2020, mileageKm: 60_000, modelName: "Polo Vivo" }),
    ).toBe("R 18 000 below the median of 23 similar 2019-2021 Polo Vivo ads with 30 000-90 000 km");
    expect(
      priceRatingReason({ price: 175_500, median: 168_000, comparables: 7, year: 2020, mileageKm: 60_000, modelName: "Polo Vivo" }),
    ).toMatch(/^R 7 500 above the median of 7 similar/);
  });

  it("stores ratings as codes that sort best first", () => {
    expect(priceRatingFromCode(1)).toBe("great");
    expect(priceRatingFromCode(4)).toBe("high");
    expect(priceRatingFromCode(0)).toBeUndefined();
    expect(priceRatingFromCode(null)).toBeUndefined();
  });

  it("warns of a price 30 % or more under the median of five or more comparables", () => {
    expect(lowPriceGap({ price: 70_000, median: 100_000, comparables: 5 })).toBe(30_000);
    expect(lowPriceGap({ price: 156_000, median: 240_000, comparables: 7 })).toBe(84_000);
    // 29 % under is a good price, not a warning; nor is one rand short of 30 %.
    expect(lowPriceGap({ price: 71_000, median: 100_000, comparables: 5 })).toBeNull();
    expect(lowPriceGap({ price: 70_001, median: 100_000, comparables: 5 })).toBeNull();
    // The rating's own comparables: fewer than five, or no median, is no comparison at all.
    expect(lowPriceGap({ price: 10_000, median: 100_000, comparables: 4 })).toBeNull();
    expect(lowPriceGap({ price: 10_000, median: null, comparables: 9 })).toBeNull();
    expect(lowPriceGap({ price: 10_000, median: 100_000, comparables: null })).toBeNull();
    expect(lowPriceGap({ price: 0, median: 0, comparables: 9 })).toBeNull();
  });
});
