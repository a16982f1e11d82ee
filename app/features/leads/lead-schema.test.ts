import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES, leadCarsStepSchema, leadContactStepSchema, normaliseMobile, parseLeadBudget, parseWantedCar } from "./lead-schema";

describe("lead form rules", () => {
  it("reads South African mobile numbers only", () => {
    expect(normaliseMobile("082 123 4567")).toBe("+27821234567");
    expect(normaliseMobile("+27 (0)82-123-4567".replace("(0)", ""))).toBe("+27821234567");
    expect(normaliseMobile("0027 71 555 0000")).toBe("+27715550000");
    expect(normaliseMobile("011 555 0000")).toBeNull(); // a landline
    expect(normaliseMobile("082 123 456")).toBeNull();
  });

  it("reads a budget with the spec's price-range rules", () => {
    expect(parseLeadBudget("price", "R 250,000 - R 350,000")).toEqual({ kind: "price", min: 250_000, max: 350_000 });
    expect(parseLeadBudget("price", "250.000 - 350.000")).toEqual({ kind: "price", min: 250_000, max: 350_000 });
    expect(parseLeadBudget("price", "ZAR 300 000")).toEqual({ kind: "price", min: 300_000, max: null });
    expect(parseLeadBudget("monthly", "R 6 500")).toEqual({ kind: "monthly", min: 0, max: 6_500 });
    expect(parseLeadBudget("monthly", "4000 - 6000")).toEqual({ kind: "monthly", min: 4_000, max: 6_000 });
    expect(parseLeadBudget("price", "cheap")).toBeNull();
  });

  it("takes one to three distinct cars and a budget whose top is above its bottom", () => {
    expect(parseWantedCar("12:345")).toEqual({ brandId: 12, modelId: 345 });
    expect(parseWantedCar("12")).toEqual({ brandId: 12, modelId: null });
    expect(parseWantedCar("x")).toBeNull();
    const ok = leadCarsStepSchema.safeParse({ wanted: ["1:2", "1:2", "3"], budget_kind: "price", budget: "R 200 000 - R 300 000" });
    expect(ok.success && ok.data.wanted).toEqual([{ brandId: 1, modelId: 2 }, { brandId: 3, modelId: null }]);
    const many = leadCarsStepSchema.safeParse({ wanted: ["1", "2", "3", "4"], budget_kind: "price", budget: "R 200 000" });
    expect(many.error?.issues[0]?.message).toBe(LEAD_MESSAGES.wantedTooMany);
    const order = leadCarsStepSchema.safeParse({ wanted: ["1"], budget_kind: "price", budget: "300 000 - 200 000" });
    expect(order.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["budget", LEAD_MESSAGES.budgetOrder]]);
  });

  it("needs the contact details and the consent", () => {
    const result = leadContactStepSchema.safeParse({ name: " ", phone: "011 555 0000", email: "x", province: "gauteng", contact_time: "any" });
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]))).toEqual({
      name: LEAD_MESSAGES.name,
      phone: LEAD_MESSAGES.phone,
      email: LEAD_MESSAGES.email,
      consent: LEAD_MESSAGES.consent,
    });
    const ok = leadContactStepSchema.safeParse({ name: "Thabo M", phone: "082 123 4567", email: "thabo@example.com", province: "gauteng", contact_time: "evening", consent: "on" });
    expect(ok.success && ok.data.phone).toBe("+27821234567");
  });
});
