import { describe, expect, it } from "vitest";
import { ageRetention, askingPrice, fairUsedPrice, mileageFactor, typicalMileage } from "./depreciation";

describe("depreciation of used prices", () => {
  it("keeps about two thirds of today's new price at three years and a third at ten", () => {
    expect(ageRetention(0)).toBeCloseTo(0.86, 2);
    expect(ageRetention(3)).toBeGreaterThan(0.6);
    expect(ageRetention(3)).toBeLessThan(0.7);
    expect(ageRetention(10)).toBeGreaterThan(0.3);
    expect(ageRetention(10)).toBeLessThan(0.4);
  });

  it("never rises with age and never falls below 12 %", () => {
    for (let age = 0; age < 40; age++) expect(ageRetention(age + 1)).toBeLessThanOrEqual(ageRetention(age));
    expect(ageRetention(60)).toBe(0.12);
  });

  it("takes 1.2 % per 10 000 km away from the typical mileage, bounded", () => {
    expect(typicalMileage(0)).toBe(9_000);
    expect(typicalMileage(5)).toBe(99_000);
    expect(mileageFactor(5, typicalMileage(5))).toBe(1);
    expect(mileageFactor(5, typicalMileage(5) + 50_000)).toBeCloseTo(0.94, 5);
    expect(mileageFactor(5, typicalMileage(5) - 30_000)).toBeCloseTo(1.036, 5);
    expect(mileageFactor(1, 900_000)).toBe(0.7);
    expect(mileageFactor(12, 0)).toBe(1.1);
  });

  it("prices a 2019 Polo Vivo believably in 2026", () => {
    const price = fairUsedPrice(289_900, 7, 110_000);
    expect(price).toBeGreaterThan(120_000);
    expect(price).toBeLessThan(150_000);
  });

  it("a higher mileage is always cheaper at the same age", () => {
    expect(fairUsedPrice(400_000, 4, 150_000)).toBeLessThan(fairUsedPrice(400_000, 4, 60_000));
  });

  it("rounds asking prices the way sellers do", () => {
    expect(askingPrice(189_432, "dealer")).toBe(188_900);
    expect(askingPrice(189_432, "private")).toBe(190_000);
    expect(askingPrice(64_480, "private")).toBe(64_000);
    expect(askingPrice(500, "private")).toBe(1_000);
    expect(askingPrice(500, "dealer")).toBe(9_900);
  });
});
