import { describe, expect, it } from "vitest";
import { parseValuationForm, VALUATION_MESSAGES } from "./valuation-schema";
import { valuationValues } from "./valuation-form";

const parse = (query: string) => parseValuationForm(valuationValues(new URLSearchParams(query)));

describe("the valuation form's schema", () => {
  it("reads a car, with the mileage as people type it", () => {
    expect(parse("make=daihatsu&model=terios&year=2013&km=120+000+km&variant=1.5++SX&province=gauteng").input).toEqual({
      make: "daihatsu",
      model: "terios",
      year: 2013,
      km: 120_000,
      variant: "1.5 SX",
      province: "gauteng",
    });
  });

  it("gives a message for each field that fails", () => {
    expect(parse("make=&model=&year=1800&km=lots&province=gotham").errors).toEqual({
      make: VALUATION_MESSAGES.make,
      model: VALUATION_MESSAGES.model,
      year: VALUATION_MESSAGES.year,
      km: VALUATION_MESSAGES.km,
      province: VALUATION_MESSAGES.province,
    });
  });
});
