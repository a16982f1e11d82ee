import { CircleAlert, Handshake, Tag } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { formatKm, formatRand, groupDigits } from "~/lib/format";
import { provinceName } from "~/lib/places";
import { MIN_COMPARABLES } from "../price-rating";
import { medianChartGeometry, medianSummary, monthLabel } from "../valuation-chart";
import type { MonthlyMedian } from "../valuation";
import type { CarValuation } from "../valuation.server";

// The valuation's answer: the good-or-fair asking-price range from the comparables with their
// count and spread, the monthly medians as a server-drawn chart with its table, and what to do
// next (sell it here, or ask dealers for offers). Under five comparables: no figure at all.

const ads = (n: number) => `${groupDigits(n)} ${n === 1 ? "ad" : "ads"}`;

/** "2019 Toyota Corolla 1.8 Prestige". */
export function carName(car: CarValuation["car"]): string {
  return [String(car.year), car.makeName, car.modelName, car.variant].filter(Boolean).join(" ");
}

function comparedText(answer: CarValuation): string {
  const { compared, car } = answer;
  return `${compared.yearFrom}–${compared.yearTo} ${car.makeName} ${car.modelName} with ${groupDigits(compared.kmFrom)}–${formatKm(compared.kmTo)}`;
}

export function ValuationAnswer({ answer, sellUrl, offersUrl }: { answer: CarValuation; sellUrl: string; offersUrl: string }) {
  const { valuation, car } = answer;
  return (
    <section aria-labelledby="valuation-answer-heading" className="card mt-6 p-4 sm:p-6" data-testid="valuation-answer">
      <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">
        {carName(car)}, {formatKm(car.km)}
        {car.province ? `, ${provinceName(car.province)}` : ""}
      </p>
      {valuation.kind === "few" ? (
        <>
          <h2 id="valuation-answer-heading" className="mt-1 flex items-center gap-2 text-2xl font-extrabold tracking-tight">
            <CircleAlert className="size-6 shrink-0 text-amber-600" strokeWidth={1.75} aria-hidden="true" />
            Not enough ads to say
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {valuation.comparables === 0 ? "No similar car is" : `Only ${ads(valuation.comparables)} for similar cars are`} for sale on Voitura right now (
            {comparedText(answer)}). It takes {MIN_COMPARABLES} to give a price range, so we give none rather than a guess.
          </p>
        </>
      ) : (
        <>
          <h2 id="valuation-answer-heading" className="mt-1 text-base font-bold">
            A good or fair asking price on Voitura now
          </h2>
          <p className="tabular mt-1 text-3xl font-extrabold tracking-tight text-primary-700 sm:text-4xl dark:text-primary-300" data-testid="valuation-range">
            <span className="whitespace-nowrap">{formatRand(valuation.low)}</span> – <span className="whitespace-nowrap">{formatRand(valuation.high)}</span>
          </p>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Based on the asking prices of <strong className="tabular">{ads(valuation.comparables)}</strong> for similar cars on Voitura ({comparedText(answer)}
            ), across South Africa. Their median is <span className="tabular font-semibold">{formatRand(valuation.median)}</span>; the range is the prices a buyer
            would see rated good or fair. Asking prices, not what cars sold for.
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5" aria-label="How the asking prices spread">
            {[
              ["Cheapest", valuation.cheapest],
              ["Lower quartile", valuation.lowerQuartile],
              ["Median", valuation.median],
              ["Upper quartile", valuation.upperQuartile],
              ["Dearest", valuation.dearest],
            ].map(([label, value]) => (
              <div key={label} className="rounded-[var(--radius-control)] bg-slate-50 p-3 dark:bg-slate-800/60">
                <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="tabular mt-0.5 font-bold">{formatRand(value as number)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Half of the asking prices lie between the lower and the upper quartile.</p>
        </>
      )}

      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Link to={sellUrl} className="btn-primary">
          <Tag className="size-5" strokeWidth={1.75} aria-hidden="true" />
          <span>Sell it on Voitura</span>
        </Link>
        <Link to={offersUrl} className="btn-secondary">
          <Handshake className="size-5" strokeWidth={1.75} aria-hidden="true" />
          <span>Get offers from dealers</span>
        </Link>
      </div>

      <MonthlyMedians months={answer.months} />
    </section>
  );
}

function MonthlyMedians({ months }: { months: MonthlyMedian[] }) {
  const id = useId();
  const chart = medianChartGeometry(months);
  const summary = medianSummary(months);
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-700">
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        The median asking price, month by month
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Similar cars on sale in each of the last 12 months, sold or expired ones included; a month with fewer than {MIN_COMPARABLES} has no median.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {chart ? (
          <figure className="m-0">
            <svg
              viewBox={`0 0 ${chart.width} ${chart.height}`}
              className="h-auto w-full max-w-xl text-primary-600 dark:text-primary-300"
              role="img"
              aria-labelledby={`${id}-title`}
              aria-describedby={`${id}-desc`}
              data-testid="median-chart"
            >
              <title id={`${id}-title`}>Median asking price of similar cars by month</title>
              <desc id={`${id}-desc`}>{summary}</desc>
              {chart.ticks.map((tick) => (
                <g key={tick.label}>
                  <line x1={chart.plotLeft} x2={chart.plotRight} y1={tick.y} y2={tick.y} className="stroke-slate-200 dark:stroke-slate-700" strokeDasharray="3 3" />
                  <text x={chart.plotLeft - 6} y={tick.y} dy="0.35em" textAnchor="end" fontSize="11" className="tabular fill-slate-600 dark:fill-slate-400">
                    {tick.label}
                  </text>
                </g>
              ))}
              <path d={chart.line} fill="none" stroke="currentColor" strokeWidth={2.25} strokeLinejoin="round" />
              {chart.points.map((p) => (
                <circle key={p.month} cx={p.x} cy={p.y} r={3.5} fill="currentColor" className="stroke-white dark:stroke-slate-900" strokeWidth={1.5} />
              ))}
              {chart.months.map((m) => (
                <text key={`${m.x}`} x={m.x} y={chart.baseline + 18} textAnchor="middle" fontSize="11" className="fill-slate-600 dark:fill-slate-400">
                  {m.label}
                </text>
              ))}
            </svg>
            <figcaption className="mt-2 text-sm text-slate-700 dark:text-slate-300">{summary}</figcaption>
          </figure>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">{summary}</p>
        )}
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Median asking price and number of similar ads, by month</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left dark:border-slate-700">
                <th scope="col" className="py-1.5 pr-3 font-semibold">
                  Month
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                  Median
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  Ads
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">
                    {monthLabel(m.month, true)}
                  </th>
                  <td className="tabular py-1 pr-3 text-right">{m.median === null ? "–" : formatRand(m.median)}</td>
                  <td className="tabular py-1 text-right">{groupDigits(m.ads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
