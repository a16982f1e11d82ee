import { describe, expect, it } from "vitest";
import { affordablePrice, annuityPayment, calculateFinance, type FinanceInput } from "./finance";
import { balanceChartGeometry, balanceSummary, formatRand, niceCeiling } from "./finance-chart";
import { financeFormSchema, financeSearch, hasFinanceParams, parseFinanceForm, parsePercent, parseRandAmount } from "./finance-schema";

/** An independent check: the present value of every instalment and the balloon, discounted month by month. */
function presentValue(instalment: number, annualPercent: number, months: number, balloon: number): number {
  const r = annualPercent / 1200;
  let pv = 0;
  for (let k = 1; k <= months; k++) pv += instalment / (1 + r) ** k;
  return pv + balloon / (1 + r) ** months;
}

const base: FinanceInput = { price: 400_000, deposit: 40_000, balloonPercent: 0, termMonths: 72, annualRatePercent: 11.75 };

describe("calculateFinance", () => {
  it("R400 000, R40 000 deposit, no balloon, 72 months at 11.75 %: R6 991.35 a month", () => {
    const result = calculateFinance(base);
    expect(result.amountFinanced).toBe(360_000);
    expect(result.balloon).toBe(0);
    // Hand check: r = 0.1175 / 12 = 0.00979167; (1 + r)^72 = 2.01825; 360 000 × r × 2.01825 / 1.01825 = 6 991.35.
    expect(result.monthlyInstalment).toBe(6991.35);
    expect(presentValue(result.monthlyInstalment, 11.75, 72, 0)).toBeCloseTo(360_000, 0);
    expect(result.totalInstalments).toBe(503_377.2);
    expect(result.totalInterest).toBe(143_377.2);
    expect(result.totalCost).toBe(543_377.2);
  });

  it("a textbook figure: R500 000 over 60 months at 10.5 % is R10 746.95 a month", () => {
    const result = calculateFinance({ price: 500_000, deposit: 0, balloonPercent: 0, termMonths: 60, annualRatePercent: 10.5 });
    expect(result.monthlyInstalment).toBe(10_746.95);
  });

  it("a 30 % balloon lowers the instalment and leaves the balloon owing at the end", () => {
    const result = calculateFinance({ ...base, balloonPercent: 30 });
    expect(result.balloon).toBe(120_000);
    expect(result.monthlyInstalment).toBe(5835.9);
    expect(presentValue(result.monthlyInstalment, 11.75, 72, 120_000)).toBeCloseTo(360_000, 0);
    expect(result.schedule.at(-1)).toEqual({ month: 72, balance: 120_000 });
    // More interest than without a balloon: the balloon is borrowed for the whole term.
    expect(result.totalInterest).toBeGreaterThan(calculateFinance(base).totalInterest);
    expect(result.totalCost).toBeCloseTo(40_000 + 5835.9 * 72 + 120_000, 2);
    expect(result.totalInterest).toBeCloseTo(5835.9 * 72 + 120_000 - 360_000, 2);
  });

  it("0 % interest divides the amount financed (less the balloon) evenly", () => {
    const flat = calculateFinance({ ...base, annualRatePercent: 0 });
    expect(flat.monthlyInstalment).toBe(5000);
    expect(flat.totalInterest).toBe(0);
    expect(flat.totalCost).toBe(400_000);
    const withBalloon = calculateFinance({ ...base, annualRatePercent: 0, balloonPercent: 30, termMonths: 60 });
    expect(withBalloon.monthlyInstalment).toBe(4000);
    expect(withBalloon.schedule[30]!.balance).toBe(240_000);
    expect(withBalloon.totalInterest).toBe(0);
  });

  it("the schedule falls from the amount financed to zero, one point per month", () => {
    const result = calculateFinance(base);
    expect(result.schedule).toHaveLength(73);
    expect(result.schedule[0]).toEqual({ month: 0, balance: 360_000 });
    expect(result.schedule.at(-1)!.balance).toBe(0);
    for (let i = 1; i < result.schedule.length; i++) expect(result.schedule[i]!.balance).toBeLessThan(result.schedule[i - 1]!.balance);
    // The first month's interest is 360 000 × 0.1175 / 12 = 3 525.
    expect(result.schedule[1]!.balance).toBeCloseTo(360_000 - (6991.354806 - 3525), 1);
  });

  it("sums each year's interest and capital; the years add up to the totals", () => {
    const result = calculateFinance({ ...base, termMonths: 54, balloonPercent: 20 });
    expect(result.years.map((y) => y.months)).toEqual([12, 12, 12, 12, 6]);
    const capital = result.years.reduce((sum, y) => sum + y.capital, 0);
    const interest = result.years.reduce((sum, y) => sum + y.interest, 0);
    expect(capital).toBeCloseTo(360_000 - 80_000, 0);
    expect(interest).toBeCloseTo(result.totalInterest, 0);
    expect(result.years.at(-1)!.closingBalance).toBe(80_000);
  });

  it("annuityPayment refuses a term of zero", () => {
    expect(() => annuityPayment(1000, 0.01, 0)).toThrow(RangeError);
  });
});

describe("affordablePrice", () => {
  it("at 0 %: R5 000 a month for 60 months and R30 000 down buys R330 000; with a 20 % balloon, R412 500", () => {
    // By hand: 5 000 × 60 + 30 000 = 330 000. With the balloon: (300 000 + 30 000) / 0.8 = 412 500,
    // and back: 412 500 − 30 000 = 382 500 financed, 82 500 balloon, (382 500 − 82 500) / 60 = 5 000.
    expect(affordablePrice({ monthlyBudget: 5_000, deposit: 30_000, balloonPercent: 0, termMonths: 60, annualRatePercent: 0 })).toBe(330_000);
    expect(affordablePrice({ monthlyBudget: 5_000, deposit: 30_000, balloonPercent: 20, termMonths: 60, annualRatePercent: 0 })).toBe(412_500);
  });

  it("inverts calculateFinance: the price found costs the budget, a rand more costs more", () => {
    // The calculator's own example above: R400 000 with R40 000 down over 72 months at 11.75 % is
    // R6 991.35 a month, so R6 991.35 a month with R40 000 down buys (within a rand) R400 000.
    const terms = { deposit: 40_000, balloonPercent: 0, termMonths: 72, annualRatePercent: 11.75 };
    expect(affordablePrice({ monthlyBudget: 6_991.35, ...terms })).toBeGreaterThanOrEqual(399_999);
    expect(affordablePrice({ monthlyBudget: 6_991.35, ...terms })).toBeLessThanOrEqual(400_000);
    for (const balloonPercent of [0, 10, 35]) {
      const budget = { monthlyBudget: 6_500, deposit: 30_000, balloonPercent, termMonths: 72, annualRatePercent: 12.25 };
      const price = affordablePrice(budget);
      const at = (p: number) => calculateFinance({ price: p, deposit: 30_000, balloonPercent, termMonths: 72, annualRatePercent: 12.25 }).monthlyInstalment;
      expect(at(price)).toBeLessThanOrEqual(6_500);
      expect(at(price + 2)).toBeGreaterThan(6_500);
    }
  });

  it("refuses a term of zero and a balloon of the whole price", () => {
    expect(() => affordablePrice({ monthlyBudget: 1, deposit: 0, balloonPercent: 0, termMonths: 0, annualRatePercent: 10 })).toThrow(RangeError);
    expect(() => affordablePrice({ monthlyBudget: 1, deposit: 0, balloonPercent: 100, termMonths: 12, annualRatePercent: 10 })).toThrow(RangeError);
  });
});

describe("parseRandAmount and parsePercent", () => {
  it.each([
    ["400000", 400_000],
    ["400 000", 400_000],
    ["R400 000", 400_000],
    ["R 400,000", 400_000],
    ["400.000", 400_000],
    ["1.250.000", 1_250_000],
    ["399 999,50", 400_000],
    ["399999.49", 399_999],
    ["400 000 ZAR", 400_000],
    ["0", 0],
  ])("%s → %d", (text, value) => expect(parseRandAmount(text)).toBe(value));

  it.each(["", "abc", "-5000", "4e5", "1,2,3", "12.3456", "400.000,000"])("%s is not an amount", (text) => {
    expect(parseRandAmount(text)).toBeNull();
  });

  it("reads percentages with a dot, a comma or a sign", () => {
    expect(parsePercent("11.75")).toBe(11.75);
    expect(parsePercent("11,75")).toBe(11.75);
    expect(parsePercent("30 %")).toBe(30);
    expect(parsePercent("eleven")).toBeNull();
    expect(parsePercent("-1")).toBeNull();
  });
});

describe("parseFinanceForm", () => {
  it("uses the defaults when the URL has no parameter, the rate the page's (today's figures)", () => {
    const form = parseFinanceForm(new URLSearchParams(), { rate: "11.75" });
    expect(form.errors).toEqual({});
    expect(form.input).toEqual(base);
    // Without a rate from the page there is no rate to assume.
    expect(parseFinanceForm(new URLSearchParams()).errors.rate).toBe("Enter the interest rate.");
    expect(hasFinanceParams(new URLSearchParams())).toBe(false);
  });

  it("reads a plain form submission", () => {
    const params = new URLSearchParams("price=R250+000&deposit=25000&balloon=20&term=60&rate=12,5");
    expect(hasFinanceParams(params)).toBe(true);
    expect(parseFinanceForm(params).input).toEqual({ price: 250_000, deposit: 25_000, balloonPercent: 20, termMonths: 60, annualRatePercent: 12.5 });
  });

  it("gives one clear message per bad field and no input", () => {
    const form = parseFinanceForm(new URLSearchParams("price=abc&deposit=&balloon=55&term=7&rate=31"));
    expect(form.input).toBeNull();
    expect(form.errors).toEqual({
      price: "Vehicle price: enter an amount in rand, for example 350 000.",
      deposit: "Enter the deposit.",
      balloon: "The balloon must be at most 40 %.",
      term: "The term must be between 12 and 96 months.",
      rate: "The interest rate must be at most 30 %.",
    });
    expect(form.values.price).toBe("abc");
  });

  it("reports the rules between fields together with the other fields' messages", () => {
    const form = parseFinanceForm(new URLSearchParams("price=300000&deposit=300000&balloon=50&term=200&rate=x"));
    expect(Object.keys(form.errors).sort()).toEqual(["balloon", "deposit", "rate", "term"]);
    expect(form.errors.deposit).toBe("The deposit must be less than the vehicle price.");
  });

  it("the whole-form schema agrees with the field-by-field reading", () => {
    for (const query of ["", "price=250000&deposit=25000&balloon=20&term=60&rate=12,5", "price=200000&deposit=150000&balloon=30", "price=abc"]) {
      const form = parseFinanceForm(new URLSearchParams(query));
      const whole = financeFormSchema.safeParse(form.values);
      expect(whole.success, query).toBe(form.input !== null);
      if (whole.success) expect(whole.data).toEqual(form.input);
    }
  });

  it("checks the fields against each other", () => {
    expect(parseFinanceForm({ price: "200000", deposit: "200000", rate: "11.75" }).errors).toEqual({ deposit: "The deposit must be less than the vehicle price." });
    expect(parseFinanceForm({ price: "200000", deposit: "150000", balloon: "30" }).errors.balloon).toMatch(/more than the amount financed/);
    expect(parseFinanceForm({ price: "5000" }).errors.price).toBe("Vehicle price must be at least R10 000.");
    expect(parseFinanceForm({ price: "99999999" }).errors.price).toBe("Vehicle price must be at most R20 000 000.");
    expect(parseFinanceForm({ term: "72.5" }).errors.term).toBe("Term: choose a number of months.");
  });

  it("cuts very long values and writes a stable query string", () => {
    const form = parseFinanceForm({ price: "9".repeat(500) });
    expect(form.values.price).toHaveLength(40);
    expect(form.errors.price).toBeDefined();
    expect(financeSearch({ price: " 300 000 ", deposit: "0", balloon: "10", term: "48", rate: "9.5" })).toBe(
      "price=300+000&deposit=0&balloon=10&rate=9.5&term=48",
    );
  });
});

describe("balance chart", () => {
  it("rounds the axis up to a nice figure", () => {
    expect(niceCeiling(360_000)).toBe(500_000);
    expect(niceCeiling(200_000)).toBe(200_000);
    expect(niceCeiling(210_000)).toBe(250_000);
    expect(niceCeiling(0)).toBe(1);
  });

  it("draws one point per month, year marks and the balloon", () => {
    const result = calculateFinance({ ...base, balloonPercent: 30 });
    const chart = balanceChartGeometry(result.schedule);
    expect(chart.line.match(/[ML]/g)).toHaveLength(73);
    expect(chart.years.map((y) => y.label)).toEqual(["0", "1", "2", "3", "4", "5", "6"]);
    expect(chart.ticks.map((t) => t.label)).toEqual(["0", "125.000", "250.000", "375.000", "500.000"]);
    expect(chart.balloon?.x).toBe(chart.plotRight);
    expect(balanceChartGeometry(calculateFinance({ ...base, termMonths: 96 }).schedule).years.map((y) => y.label)).toEqual(["0", "2", "4", "6", "8"]);
    expect(balanceChartGeometry(calculateFinance(base).schedule).balloon).toBeUndefined();
  });

  it("sums the curve up in a sentence", () => {
    // Halfway, the balance is what the remaining 36 instalments are worth today: 6 991.35 × (1 − 1.0097917^−36) / 0.0097917 ≈ 211 250.
    expect(balanceSummary(calculateFinance(base), 72)).toBe(
      "The balance falls from 360.000 ZAR over 6 years, is 211.251 ZAR halfway through, down to nothing at the end of the term.",
    );
    expect(balanceSummary(calculateFinance({ ...base, balloonPercent: 30, termMonths: 54 }), 54)).toMatch(
      /over 54 months, .* down to the balloon of 120\.000 ZAR, due with the last instalment\.$/,
    );
    expect(formatRand(0)).toBe("0 ZAR");
  });
});
