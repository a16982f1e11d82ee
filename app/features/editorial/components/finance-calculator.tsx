import { Calculator, CircleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Field } from "~/ui/form";
import { calculateFinance, type FinanceResult } from "../finance";
import { balanceChartGeometry, balanceSummary, formatRand } from "../finance-chart";
import {
  FINANCE_LIMITS,
  type FinanceField,
  type FinanceFormValues,
  financeLabels,
  financeSearch,
  financeValues,
  type ParsedFinanceForm,
  termOptions,
} from "../finance-form";

const URL_SYNC_DELAY_MS = 300;

// The form's rules (zod) load when the visitor first reaches the form; until then the figures are
// the server's, checked by the same rules. Kept for the pages that follow.
type FinanceRules = (values: FinanceFormValues) => ParsedFinanceForm;
let loadedRules: FinanceRules | null = null;
const loadRules = () => import("../finance-schema").then((m) => (loadedRules = m.parseFinanceForm));

/**
 * The repayment calculator. Without JavaScript it is a plain GET form: the page's loader reads
 * the same parameters with the same schema and the server renders the figures. Once the app
 * runs, the figures follow each keystroke and the address keeps the values (replaced, not
 * pushed, so Back leaves the page) without a round trip.
 */
export function FinanceCalculator({
  initial,
  action,
  defaults,
  rateNote,
}: {
  initial: ParsedFinanceForm;
  action: string;
  /** The values a parameter left out takes (today's rate, from the page's figures). */
  defaults?: Partial<FinanceFormValues>;
  /** "11.75 % a year (prime 10.25 % as of November 2025 plus a typical margin, …)": where the default rate comes from. */
  rateNote?: string | null;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState(initial.values);
  const [rules, setRules] = useState(() => loadedRules);
  const needRules = () => {
    if (!rules) void loadRules().then((loaded) => setRules(() => loaded));
  };
  // Values typed before the rules arrive wait for them, the last figures shown as out of date.
  const parsed = rules ? rules(values) : values === initial.values ? initial : { values, input: null, errors: {} };
  const result = parsed.input ? calculateFinance(parsed.input) : null;
  // While a field is being corrected the last good figures stay, marked as out of date.
  const [lastResult, setLastResult] = useState<{ result: FinanceResult; term: number } | null>(null);
  useEffect(() => {
    if (result && parsed.input) setLastResult({ result, term: parsed.input.termMonths });
  }, [financeSearch(values), rules]);

  // The address follows the form; an address changed by anything else (Back, a link with
  // preset values) refills the form.
  const written = useRef(location.search);
  useEffect(() => {
    if (location.search === written.current) return;
    written.current = location.search;
    needRules();
    setValues(financeValues(new URLSearchParams(location.search), defaults));
  }, [location.search]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const syncUrl = (next: FinanceFormValues, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const search = `?${financeSearch(next)}`;
      if (search === written.current) return;
      written.current = search;
      void navigate({ search, hash: location.hash }, { replace: true, preventScrollReset: true });
    }, delay);
  };

  const update = (field: FinanceField, value: string) => {
    needRules();
    const next = { ...values, [field]: value };
    setValues(next);
    syncUrl(next, URL_SYNC_DELAY_MS);
  };

  const shown = result && parsed.input ? { result, term: parsed.input.termMonths, stale: false } : lastResult ? { ...lastResult, stale: true } : null;
  const id = useId();
  const fid = (field: FinanceField) => `${id}-${field}`;
  const termIsOption = (termOptions as readonly number[]).includes(Number(values.term));

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-10">
      <form
        method="get"
        action={action}
        noValidate
        aria-label="Repayment calculator"
        className="space-y-4"
        onFocus={needRules}
        onPointerEnter={needRules}
        onSubmit={(event) => {
          event.preventDefault();
          syncUrl(values, 0);
        }}
      >
        <Field id={fid("price")} label={`${financeLabels.price} (ZAR)`} error={parsed.errors.price}>
          {(control) => (
            <input {...control} name="price" type="text" inputMode="numeric" autoComplete="off" className="input tabular" value={values.price} onChange={(e) => update("price", e.target.value)} />
          )}
        </Field>
        <Field id={fid("deposit")} label={`${financeLabels.deposit} (ZAR)`} hint="Cash or trade-in paid up front; 10 % or more usually earns a better rate." error={parsed.errors.deposit}>
          {(control) => (
            <input {...control} name="deposit" type="text" inputMode="numeric" autoComplete="off" className="input tabular" value={values.deposit} onChange={(e) => update("deposit", e.target.value)} />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field id={fid("balloon")} label={`${financeLabels.balloon} (%)`} error={parsed.errors.balloon}>
            {(control) => (
              <input {...control} name="balloon" type="text" inputMode="decimal" autoComplete="off" className="input tabular" value={values.balloon} onChange={(e) => update("balloon", e.target.value)} />
            )}
          </Field>
          <Field id={fid("rate")} label={`${financeLabels.rate} (%)`} error={parsed.errors.rate}>
            {(control) => (
              <input {...control} name="rate" type="text" inputMode="decimal" autoComplete="off" className="input tabular" value={values.rate} onChange={(e) => update("rate", e.target.value)} />
            )}
          </Field>
        </div>
        <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">
          Balloon: a share of the price left to pay at the end (0 to {FINANCE_LIMITS.balloonMax} %). Rate: yearly, fixed.
          {rateNote ? <span className="block" data-testid="default-rate">A typical rate today: {rateNote}.</span> : null}
        </p>
        <Field id={fid("term")} label={financeLabels.term} error={parsed.errors.term}>
          {(control) => (
            <select {...control} name="term" className="input tabular" value={values.term} onChange={(e) => update("term", e.target.value)}>
              {termIsOption ? null : <option value={values.term}>{values.term}</option>}
              {termOptions.map((months) => (
                <option key={months} value={String(months)}>
                  {months} months{months % 12 === 0 ? ` (${months / 12} ${months === 12 ? "year" : "years"})` : ""}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="btn-primary w-full sm:w-auto">
          <Calculator className="size-5" strokeWidth={1.75} aria-hidden="true" /> Calculate
        </button>
      </form>

      <div className="min-w-0">
        {shown ? (
          <FinanceResults result={shown.result} termMonths={shown.term} stale={shown.stale} />
        ) : (
          <div className="flex gap-3 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <CircleAlert className="size-5 shrink-0" strokeWidth={1.75} aria-hidden="true" />
            <p>Correct the highlighted fields to see the monthly instalment and the cost of the loan.</p>
          </div>
        )}
      </div>
    </div>
  );
}

function FinanceResults({ result, termMonths, stale }: { result: FinanceResult; termMonths: number; stale: boolean }) {
  const figures = [
    { label: "Amount financed", value: result.amountFinanced },
    { label: "Balloon at the end", value: result.balloon },
    { label: "Total interest", value: result.totalInterest },
    { label: "Total cost", value: result.totalCost, hint: "deposit, instalments and balloon" },
  ];
  return (
    <section aria-label="Results" className={stale ? "opacity-60" : undefined} data-testid="finance-results">
      <div className="rounded-[var(--radius-card)] bg-primary-50 p-5 dark:bg-primary-900/40">
        <p className="text-sm font-semibold text-slate-700 dark:text-slate-300">Monthly instalment</p>
        <p className="tabular mt-1 text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white" aria-live="polite" aria-atomic="true" data-testid="monthly-instalment">
          {formatRand(result.monthlyInstalment)}
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {termMonths} instalments, {formatRand(result.totalInstalments)} in all{stale ? " (figures from your last valid entry)" : ""}.
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-px overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-slate-200 dark:border-slate-800 dark:bg-slate-800">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col bg-white p-3 sm:p-4 dark:bg-slate-900">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {figure.label}
              {figure.hint ? <span className="block font-normal tracking-normal normal-case">{figure.hint}</span> : null}
            </dt>
            <dd className="tabular order-first text-lg font-extrabold sm:text-xl">{formatRand(figure.value)}</dd>
          </div>
        ))}
      </dl>
      <BalanceChart result={result} termMonths={termMonths} />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        An estimate at a fixed rate. Banks add a once-off initiation fee, a monthly service fee and often credit life cover; your rate depends on your
        credit record and the bank&apos;s affordability assessment under the National Credit Act.
      </p>
    </section>
  );
}

function BalanceChart({ result, termMonths }: { result: FinanceResult; termMonths: number }) {
  const id = useId();
  const chart = balanceChartGeometry(result.schedule);
  const summary = balanceSummary(result, termMonths);
  // The table is a sibling of the figure: a figcaption must be the figure's first or last child.
  return (
    <div className="mt-6">
      <figure className="m-0">
        <p className="mb-1 text-sm font-bold" id={`${id}-heading`}>
          What you still owe <span className="font-normal text-slate-600 dark:text-slate-400">(ZAR, by year)</span>
        </p>
        <svg
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          className="h-auto w-full max-w-md text-primary-600 dark:text-primary-300"
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          data-testid="balance-chart"
        >
          <title id={`${id}-title`}>Outstanding balance over the term</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {chart.ticks.map((tick) => (
            <g key={tick.label}>
              <line x1={chart.plotLeft} x2={chart.plotRight} y1={tick.y} y2={tick.y} className="stroke-slate-200 dark:stroke-slate-700" strokeDasharray={tick.label === "0" ? undefined : "3 3"} />
              <text x={chart.plotLeft - 6} y={tick.y} dy="0.35em" textAnchor="end" fontSize="12" className="tabular fill-slate-600 dark:fill-slate-400">
                {tick.label}
              </text>
            </g>
          ))}
          <path d={chart.area} fill="currentColor" opacity={0.12} />
          <path d={chart.line} fill="none" stroke="currentColor" strokeWidth={2.25} strokeLinejoin="round" />
          {chart.balloon ? (
            <g>
              <circle cx={chart.balloon.x} cy={chart.balloon.y} r={4} fill="currentColor" className="stroke-white dark:stroke-slate-900" strokeWidth={1.5} />
              <text x={chart.balloon.x - 6} y={chart.balloon.y - 12} textAnchor="end" fontSize="12" fontWeight="600" className="fill-slate-700 dark:fill-slate-300">
                Balloon
              </text>
            </g>
          ) : null}
          {chart.years.map((year) => (
            <g key={year.label}>
              <line x1={year.x} x2={year.x} y1={chart.baseline} y2={chart.baseline + 4} className="stroke-slate-400" />
              <text x={year.x} y={chart.baseline + 16} textAnchor="middle" fontSize="12" className="tabular fill-slate-600 dark:fill-slate-400">
                {year.label}
              </text>
            </g>
          ))}
          <text x={(chart.plotLeft + chart.plotRight) / 2} y={chart.height - 4} textAnchor="middle" fontSize="12" className="fill-slate-600 dark:fill-slate-400">
            Years
          </text>
        </svg>
        <figcaption className="mt-2 text-sm text-slate-700 dark:text-slate-300">{summary}</figcaption>
      </figure>
      <details className="mt-2 text-sm">
        <summary className="link cursor-pointer">Year by year as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="tabular w-full min-w-[20rem]">
            <caption className="sr-only">Interest, capital repaid and balance for each year of the loan</caption>
            <thead>
              <tr className="text-left text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Year
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Interest
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Capital repaid
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Balance at the end
                </th>
              </tr>
            </thead>
            <tbody>
              {result.years.map((year) => (
                <tr key={year.year} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-1 pr-2 text-left font-medium">
                    {year.year}
                    {year.months < 12 ? ` (${year.months} months)` : ""}
                  </th>
                  <td className="py-1 pr-2 text-right">{formatRand(year.interest)}</td>
                  <td className="py-1 pr-2 text-right">{formatRand(year.capital)}</td>
                  <td className="py-1 text-right">{formatRand(year.closingBalance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
