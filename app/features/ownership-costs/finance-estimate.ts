import { calculateFinance, type FinanceInput } from "~/features/editorial/finance";
import { FINANCE_LIMITS } from "~/features/editorial/finance-form";
import { FINANCE_TAXONOMY, guideTaxonomyPath } from "~/features/editorial/guide-urls";
import type { CostFigures } from "./cost-figures";

// "About R 4 310 a month*": the instalment estimate every car shows (issue 47), from the finance
// calculator's own rules with the stated defaults (deposit, balloon, term) and the rate (prime
// plus a typical margin), all of them cost figures with their month. One function, so the cards,
// the ad page, the version page, the comparator and the cost of ownership agree to the rand.

export interface FinanceTerms {
  /** Deposit and balloon as % of the price, the term in months, the yearly rate in %. */
  depositPercent: number;
  balloonPercent: number;
  termMonths: number;
  annualRatePercent: number;
  /** The prime rate's month ("YYYY-MM"), for "as of". */
  rateAsOf: string;
}

/** The stated defaults and today's rate, or null when a figure is missing (no estimate then, never a guess). */
export function financeTerms(figures: CostFigures): FinanceTerms | null {
  const prime = figures.get("finance-rate", "prime");
  const margin = figures.value("finance-rate", "typical-margin");
  const depositPercent = figures.value("finance-default", "deposit-percent");
  const balloonPercent = figures.value("finance-default", "balloon-percent");
  const termMonths = figures.value("finance-default", "term-months");
  if (!prime || margin === undefined || depositPercent === undefined || balloonPercent === undefined || termMonths === undefined) return null;
  return { depositPercent, balloonPercent, termMonths, annualRatePercent: Math.round((prime.value + margin) * 100) / 100, rateAsOf: prime.asOf };
}

/** The calculator's input for a price on those terms (the deposit rounded to the rand). */
export function financeInputFor(price: number, terms: FinanceTerms): FinanceInput {
  return {
    price,
    deposit: Math.round((price * terms.depositPercent) / 100),
    balloonPercent: terms.balloonPercent,
    termMonths: terms.termMonths,
    annualRatePercent: terms.annualRatePercent,
  };
}

export interface InstalmentEstimate {
  /** The monthly instalment, rounded to R 10 ("about R 4 310 a month"). */
  monthly: number;
  input: FinanceInput;
  /** The calculator filled in with this car. */
  calculatorUrl: string;
}

/** The estimate for a price, or null outside the calculator's bounds or without figures. */
export function instalmentEstimate(price: number | null | undefined, terms: FinanceTerms | null): InstalmentEstimate | null {
  if (!terms || !price || price < FINANCE_LIMITS.priceMin || price > FINANCE_LIMITS.priceMax) return null;
  const input = financeInputFor(price, terms);
  const { monthlyInstalment } = calculateFinance(input);
  return { monthly: Math.round(monthlyInstalment / 10) * 10, input, calculatorUrl: calculatorUrl(input) };
}

/** The repayment calculator's address with a car's figures (its GET form's own parameters). */
export function calculatorUrl(input: FinanceInput): string {
  const query = new URLSearchParams({
    price: String(input.price),
    deposit: String(input.deposit),
    balloon: String(input.balloonPercent),
    rate: String(input.annualRatePercent),
    term: String(input.termMonths),
  });
  return `${guideTaxonomyPath(FINANCE_TAXONOMY)}?${query}#calculator`;
}
