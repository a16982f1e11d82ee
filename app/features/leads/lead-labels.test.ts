import { describe, expect, it } from "vitest";
import { leadRequestLines, storedLeadBudget, tradeInCarText } from "./lead-labels";

describe("a lead's lines", () => {
  const findCar = {
    kind: "find-car" as const,
    carCondition: "used" as const,
    paymentMethod: "finance" as const,
    budget: { kind: "price" as const, min: 150_000, max: 250_000 },
    wantedNames: ["Toyota Hilux", "Ford (any model)"],
    province: "gauteng",
    tradeIn: null,
  };

  it("say what a find-my-car request wants", () => {
    expect(leadRequestLines(findCar)).toEqual([
      "Looking for: A used car",
      "Cars: Toyota Hilux, Ford (any model)",
      "Budget: R 150.000 - R 250.000",
      "Payment: Vehicle finance",
      "Province: Gauteng",
    ]);
  });

  it("say what car a trade-in offers and what the valuation said", () => {
    const car = { makeName: "Toyota", modelName: "Corolla Cross", variant: "1.8 Xi", year: 2020, km: 60_000, valuation: { low: 190_000, high: 215_000, comparables: 12 } };
    const tradeIn = { ...findCar, kind: "trade-in" as const, carCondition: null, paymentMethod: null, budget: null, wantedNames: [], province: "mpumalanga", tradeIn: car };
    expect(leadRequestLines(tradeIn)).toEqual([
      "Selling: 2020 Toyota Corolla Cross 1.8 Xi, 60 000 km",
      "Voitura's valuation of the asking price: R 190 000 – R 215 000 (from 12 similar ads)",
      "Province: Mpumalanga",
    ]);
    expect(leadRequestLines({ ...tradeIn, tradeIn: { ...car, variant: "", valuation: null } })[1]).toBe(
      "Voitura's valuation of the asking price: not enough similar ads on Voitura to give a range",
    );
    expect(tradeInCarText({ ...car, variant: "" })).toBe("2020 Toyota Corolla Cross, 60 000 km");
  });

  it("read a stored budget, or none for a trade-in", () => {
    expect(storedLeadBudget({ budgetKind: "monthly", budgetMin: 0, budgetMax: 6_500 })).toEqual({ kind: "monthly", min: 0, max: 6_500 });
    expect(storedLeadBudget({ budgetKind: null, budgetMin: 0, budgetMax: null })).toBeNull();
  });
});
