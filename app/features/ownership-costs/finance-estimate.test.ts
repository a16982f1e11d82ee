import { describe, expect, it } from "vitest";
import { CostFigures, type CostFigure } from "./cost-figures";
import { affordablePriceOn, financeSummary, financeTerms, instalmentEstimate, withInstalments } from "./finance-estimate";

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

describe("the stated assumptions", () => {
  it("say every term with the prime rate's month, and call the margin an estimate", () => {
    const figuresWithSources = new CostFigures([
      { ...figure("finance-rate", "prime", 10.25), asOf: "2025-11", estimate: false },
      figure("finance-rate", "typical-margin", 1.5),
      figure("finance-default", "deposit-percent", 10),
      figure("finance-default", "balloon-percent", 0),
      figure("finance-default", "term-months", 72),
    ]);
    const summary = financeSummary(figuresWithSources)!;
    expect(summary.note).toBe(
      "10 % deposit, 72 months, no balloon, 11.75 % a year (prime 10.25 % as of November 2025 plus a typical margin, Voitura's estimate). Fees and insurance not included.",
    );
    expect(summary.rate).toBe("11.75 % a year (prime 10.25 % as of November 2025 plus a typical margin, Voitura's estimate)");
  });

  it("name a balloon when the default has one, and say nothing without the figures", () => {
    const withBalloon = new CostFigures([...figures.all.filter((f) => f.key !== "balloon-percent"), figure("finance-default", "balloon-percent", 20)]);
    expect(financeSummary(withBalloon)!.note).toContain("72 months, a 20 % balloon, 12 % a year (prime 10.5 % as of November 2026, Voitura's estimate plus");
    expect(financeSummary(new CostFigures([]))).toBeNull();
  });
});

describe("estimates on cards", () => {
  it("adds each priced card's monthly amount and calculator link, and none without a price", () => {
    const terms = financeTerms(figures);
    const cards = [{ id: 1, priceZar: 300_000 }, { id: 2, priceZar: 5_000 }];
    const out = withInstalments(cards, terms);
    expect(out[0]!.instalment).toEqual({ monthly: 5_280, url: "/guide-pratique/financer-mon-vehicule?price=300000&deposit=30000&balloon=0&rate=12&term=72#calculator" });
    expect(out[1]!.instalment).toBeNull();
    // The cached cards are shared: never changed in place.
    expect(cards[0]).toEqual({ id: 1, priceZar: 300_000 });
    expect(withInstalments(cards, null).every((c) => c.instalment === null)).toBe(true);
  });
});

describe("the price a monthly budget pays for", () => {
  it("is the loan R 5 000 a month repays, plus the deposit", () => {
    // At 1 % a month for 72 months: 5 000 × (1 − 1.01^−72) / 0.01 = 5 000 × 51.1504 = R 255 751.96
    // borrowed, plus R 30 000 down: R 285 751 (rounded down, so it never costs more than R 5 000).
    const terms = financeTerms(figures)!;
    expect(affordablePriceOn(5_000, 30_000, terms)).toBe(285_751);
    // And that price's instalment is within the budget.
    expect(instalmentEstimate(285_751, { ...terms, depositPercent: (30_000 / 285_751) * 100 })!.monthly).toBeLessThanOrEqual(5_000);
  });
});
