import { affordablePrice, calculateFinance, type FinanceInput } from "~/features/editorial/finance";
import { FINANCE_LIMITS } from "~/features/editorial/finance-form";
import { FINANCE_TAXONOMY, guideTaxonomyPath } from "~/features/editorial/guide-urls";
import { asOfLabel, type CostFigures } from "./cost-figures";

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

/** What a page needs to show estimates: the terms, and the assumption line printed once under them. */
export interface FinanceSummary {
  terms: FinanceTerms;
  /** "10 % deposit, 72 months, no balloon, 11.75 % a year (prime … plus a typical margin, Voitura's estimate). Fees and insurance not included." */
  note: string;
  /** "11.75 % a year (prime 10.25 % as of November 2025 plus a typical margin, Voitura's estimate)" */
  rate: string;
}

const percent = (n: number) => `${String(Math.round(n * 100) / 100)} %`;

/** The terms and the sentences that state them, every number from the figures; null without them. */
export function financeSummary(figures: CostFigures): FinanceSummary | null {
  const terms = financeTerms(figures);
  const prime = figures.get("finance-rate", "prime");
  const margin = figures.get("finance-rate", "typical-margin");
  if (!terms || !prime || !margin) return null;
  const primePart = `prime ${percent(prime.value)} ${asOfLabel(prime.asOf)}${prime.estimate ? ", Voitura's estimate" : ""}`;
  const marginPart = `plus a typical margin${margin.estimate ? ", Voitura's estimate" : ` ${asOfLabel(margin.asOf)}`}`;
  const rate = `${percent(terms.annualRatePercent)} a year (${primePart} ${marginPart})`;
  const balloon = terms.balloonPercent > 0 ? `a ${percent(terms.balloonPercent)} balloon` : "no balloon";
  const note = `${percent(terms.depositPercent)} deposit, ${terms.termMonths} months, ${balloon}, ${rate}. Fees and insurance not included.`;
  return { terms, note, rate };
}

/** A card's estimate as it travels to the card: the monthly amount and the filled-in calculator. */
export interface InstalmentLink {
  monthly: number;
  url: string;
}

/** The estimate of each priced item, added beside its other fields (new objects: cached items are shared). */
export function withInstalments<T extends { priceZar: number | null }>(items: readonly T[], terms: FinanceTerms | null | undefined): (T & { instalment: InstalmentLink | null })[] {
  return items.map((item) => {
    const estimate = instalmentEstimate(item.priceZar, terms ?? null);
    return { ...item, instalment: estimate ? { monthly: estimate.monthly, url: estimate.calculatorUrl } : null };
  });
}

/** The highest price a monthly budget and a deposit pay for on the stated terms (the calculator's affordability rule). */
export function affordablePriceOn(monthlyBudget: number, deposit: number, terms: FinanceTerms): number {
  return affordablePrice({ monthlyBudget, deposit, balloonPercent: terms.balloonPercent, termMonths: terms.termMonths, annualRatePercent: terms.annualRatePercent });
}
