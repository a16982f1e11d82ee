import { describe, expect, it } from "vitest";
import { assumptionsQuery, DEFAULT_ASSUMPTIONS, parseCostAssumptions } from "./assumptions";

describe("the cost assumptions from a query", () => {
  it("takes the defaults when nothing is asked", () => {
    expect(parseCostAssumptions(new URLSearchParams())).toEqual({ assumptions: DEFAULT_ASSUMPTIONS, messages: [] });
  });

  it("reads every parameter within its bounds, written as people write numbers", () => {
    const { assumptions, messages } = parseCostAssumptions(
      new URLSearchParams({ years: "3", km: "25 000", province: "western-cape", grade: "93", pay: "cash", solar: "40", charger: "3.7", stage: "6" }),
    );
    expect(messages).toEqual([]);
    expect(assumptions).toEqual({ years: 3, kmPerYear: 25_000, province: "western-cape", grade: "93", payment: "cash", solarPercent: 40, chargerKw: 3.7, stage: 6 });
    expect(parseCostAssumptions(new URLSearchParams({ km: "25,000" })).assumptions.kmPerYear).toBe(25_000);
  });

  it("falls back to the default with a message for a bad value", () => {
    const { assumptions, messages } = parseCostAssumptions(new URLSearchParams({ years: "11", km: "lots", province: "atlantis", grade: "98", pay: "barter", solar: "-5", stage: "2.5" }));
    expect(assumptions).toEqual(DEFAULT_ASSUMPTIONS);
    expect(messages).toEqual([
      "The years of ownership must be a whole number from 1 to 10: showing 5.",
      "The km a year must be a whole number from 1 000 to 100 000: showing 15 000.",
      "The share of charging from solar (%) must be a whole number from 0 to 100: showing 0.",
      "The load-shedding stage must be a whole number from 1 to 8: showing 4.",
      'There is no province "atlantis": showing Gauteng.',
      "The petrol grade is 93 or 95: showing 95.",
      'Pay is "cash" or "finance": showing finance.',
    ]);
  });

  it("starts from the defaults given (an ad's province) and writes only what differs", () => {
    const defaults = { ...DEFAULT_ASSUMPTIONS, province: "kwazulu-natal" };
    expect(parseCostAssumptions(new URLSearchParams(), defaults).assumptions.province).toBe("kwazulu-natal");
    expect(assumptionsQuery({ ...DEFAULT_ASSUMPTIONS, years: 3, payment: "cash" }).toString()).toBe("years=3&pay=cash");
  });
});
