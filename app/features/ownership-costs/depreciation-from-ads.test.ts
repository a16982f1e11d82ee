import { describe, expect, it } from "vitest";
import { curveFromAskingPrices, median, mediansByAge } from "./depreciation-from-ads";

const ads = (ageYears: number, ...prices: number[]) => prices.map((price) => ({ ageYears, price }));

describe("depreciation from the model's used-car ads", () => {
  it("takes the median asking price of each age with enough ads", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    // Age 0 (this year's cars) and an age with 2 ads (under the minimum of 3) do not count.
    const asked = [...ads(0, 1, 2, 3), ...ads(1, 300, 320, 340), ...ads(2, 280, 290), ...ads(3, 250, 260, 270, 280)];
    expect(mediansByAge(asked, 3)).toEqual([
      { ageYears: 1, median: 320, ads: 3 },
      { ageYears: 3, median: 265, ads: 4 },
    ]);
  });

  it("fits the first year's loss and the yearly loss after it through the medians", () => {
    // New at R400 000; medians R320 000 at 1 year (80 %), R288 000 at 2 (72 %), R259 200 at 3 (64.8 %):
    // 20 % the first year, then 10 % a year (0.8 × 0.9 = 0.72, × 0.9 = 0.648), an exact fit.
    const asked = [...ads(1, 310_000, 320_000, 330_000), ...ads(2, 280_000, 288_000, 296_000), ...ads(3, 250_000, 259_200, 270_000)];
    const fit = curveFromAskingPrices(400_000, asked, 3);
    expect(fit?.curve).toEqual({ firstYearShare: 0.2, laterYearShare: 0.1 });
    expect(fit?.ads).toBe(9);
    expect(fit?.ages.map((a) => a.ageYears)).toEqual([1, 2, 3]);
  });

  it("needs two ages with enough ads, and keeps odd prices within bounds", () => {
    expect(curveFromAskingPrices(400_000, ads(2, 300_000, 310_000, 320_000), 3)).toBeNull();
    expect(curveFromAskingPrices(0, [...ads(1, 1, 2, 3), ...ads(2, 1, 2, 3)], 3)).toBeNull();
    // Ads asking more than new at both ages: no loss at all rather than a gain.
    const dear = curveFromAskingPrices(100_000, [...ads(1, 120_000, 120_000, 120_000), ...ads(2, 130_000, 130_000, 130_000)], 3);
    expect(dear?.curve).toEqual({ firstYearShare: 0, laterYearShare: 0 });
  });
});
