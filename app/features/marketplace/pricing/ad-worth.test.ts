import { describe, expect, it } from "vitest";
import { adWorthLine } from "./ad-worth";

describe("adWorthLine", () => {
  const worth = { low: 180_000, high: 196_000, comparables: 12 };

  it("says how far the price lies above or below the range, or that it is within it", () => {
    // 201 000 − 196 000 = 5 000 above; 175 000 is 5 000 under 180 000.
    expect(adWorthLine(201_000, worth)).toBe("Worth R 180 000 – R 196 000 on Voitura now (12 similar ads); your price is R 5 000 above.");
    expect(adWorthLine(175_000, worth)).toBe("Worth R 180 000 – R 196 000 on Voitura now (12 similar ads); your price is R 5 000 below.");
    expect(adWorthLine(196_000, worth)).toMatch(/your price is within it\.$/);
  });

  it("says nothing without a valuation (under five comparables)", () => {
    expect(adWorthLine(150_000, undefined)).toBeNull();
  });
});
