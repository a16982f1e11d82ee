// Vehicle-finance repayment rules (pure): a South African instalment sale with an optional
// balloon. The bank lends price − deposit at a fixed annual rate compounded monthly; the
// balloon (a percentage of the purchase price, as SA banks quote it) is owed after the last
// instalment. Bank fees (a once-off initiation fee and a monthly service fee) and credit life
// cover are left out: they differ per bank and the page says so.

export interface FinanceInput {
  /** Purchase price in rand. */
  price: number;
  /** Deposit paid up front, in rand. */
  deposit: number;
  /** Balloon (residual) as a percentage of the purchase price. */
  balloonPercent: number;
  /** Term in months. */
  termMonths: number;
  /** Nominal annual interest rate in percent (11.75 for 11.75 %). */
  annualRatePercent: number;
}

export interface BalancePoint {
  /** Months since the start (0 … term). */
  month: number;
  /** Outstanding balance after that month's instalment, in rand. */
  balance: number;
}

interface YearSummary {
  /** 1-based year of the term (the last one may be shorter than 12 months). */
  year: number;
  months: number;
  interest: number;
  capital: number;
  /** Balance at the end of the year (the balloon at the end of the term). */
  closingBalance: number;
}

export interface FinanceResult {
  amountFinanced: number;
  balloon: number;
  /** Monthly instalment in rand, rounded to the cent. */
  monthlyInstalment: number;
  /** Instalments over the term (monthly instalment × term). */
  totalInstalments: number;
  /** Everything paid above the amount financed: instalments + balloon − amount financed. */
  totalInterest: number;
  /** Deposit + instalments + balloon. */
  totalCost: number;
  /** The balance at month 0 … term; the last point is the balloon still owed. */
  schedule: BalancePoint[];
  years: YearSummary[];
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Ordinary-annuity payment for a loan of `principal` over `n` periods at `rate` per period,
 * leaving `futureValue` owing after the last payment (PMT with FV, payments in arrears).
 */
export function annuityPayment(principal: number, rate: number, n: number, futureValue = 0): number {
  if (n <= 0) throw new RangeError("the term must be at least one period");
  if (rate === 0) return (principal - futureValue) / n;
  const growth = (1 + rate) ** n;
  return ((principal * growth - futureValue) * rate) / (growth - 1);
}

/** The repayment figures of a valid input (check it with the calculator schema first). */
export function calculateFinance(input: FinanceInput): FinanceResult {
  const { price, deposit, balloonPercent, termMonths, annualRatePercent } = input;
  const amountFinanced = price - deposit;
  const balloon = cents((price * balloonPercent) / 100);
  const rate = annualRatePercent / 100 / 12;
  const exact = annuityPayment(amountFinanced, rate, termMonths, balloon);
  const monthlyInstalment = cents(exact);
  const totalInstalments = cents(monthlyInstalment * termMonths);
  const totalInterest = cents(totalInstalments + balloon - amountFinanced);
  const totalCost = cents(deposit + totalInstalments + balloon);

  // The schedule runs on the exact instalment so the last balance is the balloon, not a cent off.
  const schedule: BalancePoint[] = [{ month: 0, balance: amountFinanced }];
  const years: YearSummary[] = [];
  let balance = amountFinanced;
  let year: YearSummary | undefined;
  for (let month = 1; month <= termMonths; month++) {
    const interest = balance * rate;
    const capital = exact - interest;
    balance = month === termMonths ? balloon : balance - capital;
    schedule.push({ month, balance: cents(balance) });
    if (!year || year.months === 12) {
      year = { year: years.length + 1, months: 0, interest: 0, capital: 0, closingBalance: 0 };
      years.push(year);
    }
    year.months += 1;
    year.interest += interest;
    year.capital += capital;
    year.closingBalance = cents(balance);
  }
  for (const y of years) {
    y.interest = cents(y.interest);
    y.capital = cents(y.capital);
  }
  return { amountFinanced, balloon, monthlyInstalment, totalInstalments, totalInterest, totalCost, schedule, years };
}

export type AffordabilityInput = Omit<FinanceInput, "price" | "deposit"> & {
  /** What the buyer can pay each month, in rand. */
  monthlyBudget: number;
  /** The deposit the buyer has, in rand. */
  deposit: number;
};

/**
 * The highest purchase price whose instalment fits the monthly budget (the finance formula turned
 * round). With g = (1 + r)^n and the balloon b as a share of the price P, the instalment is
 * M = ((P − D)·g − b·P)·r / (g − 1), so P = (M·(g − 1)/r + D·g) / (g − b); at 0 % it is
 * P = (M·n + D) / (1 − b). Rounded down to the rand, so the price found never costs more than the budget.
 */
export function affordablePrice(input: AffordabilityInput): number {
  const { monthlyBudget, deposit, balloonPercent, termMonths, annualRatePercent } = input;
  if (termMonths <= 0) throw new RangeError("the term must be at least one month");
  const b = balloonPercent / 100;
  if (b >= 1) throw new RangeError("the balloon must be less than the price");
  const rate = annualRatePercent / 100 / 12;
  if (rate === 0) return Math.floor((monthlyBudget * termMonths + deposit) / (1 - b));
  const growth = (1 + rate) ** termMonths;
  return Math.floor(((monthlyBudget * (growth - 1)) / rate + deposit * growth) / (growth - b));
}
