import { describe, expect, it } from "vitest";
import { CostFigures, type CostFigure } from "./cost-figures";
import { financeTerms, instalmentEstimate } from "./finance-estimate";

const figure = (kind: CostFigure["kind"], key: string, value: number): CostFigure => ({ kind, key, value, unit: "", asOf: "2026-11", source: "test", sourceUrl: null, estimate: true });
const figures = new CostFigures([
  figure("finance-rate", "prime", 10.5),
  figure("finance-rate", "typical-margin", 1.5),
  figure("finance-default", "deposit-percent", 10),
  figure("finance-default", "balloon-percent", 0),
  figure("finance-default", "term-months", 72),
]);

describe("the instalment estimate", () => {
  it("is the calculator's instalment at prime plus the margin, with the stated deposit and term", () => {
    const terms = financeTerms(figures)!;
    expect(terms).toMatchObject({ annualRatePercent: 12, depositPercent: 10, termMonths: 72, rateAsOf: "2026-11" });
    // R 300 000 less a 10 % deposit: R 270 000 over 72 months at 1 % a month.
    // 270 000 × 0.01 × 1.01^72 / (1.01^72 − 1) = 270 000 × 0.01 × 2.04710 / 1.04710 = R 5 278.50 → about R 5 280.
    const estimate = instalmentEstimate(300_000, terms)!;
    expect(estimate.monthly).toBe(5_280);
    expect(estimate.input.deposit).toBe(30_000);
    expect(estimate.calculatorUrl).toBe("/guide-pratique/financer-mon-vehicule?price=300000&deposit=30000&balloon=0&rate=12&term=72#calculator");
  });

  it("says nothing without the figures or outside the calculator's bounds", () => {
    expect(financeTerms(new CostFigures([]))).toBeNull();
    const terms = financeTerms(figures);
    expect(instalmentEstimate(null, terms)).toBeNull();
    expect(instalmentEstimate(5_000, terms)).toBeNull();
    expect(instalmentEstimate(300_000, null)).toBeNull();
  });
});
