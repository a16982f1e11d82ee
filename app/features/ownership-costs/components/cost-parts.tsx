import { CircleAlert } from "lucide-react";
import { formatRand } from "~/lib/format";
import type { AssumptionLine } from "../car-cost";
import { costChartGeometry } from "../cost-chart";
import type { CostLine, OwnershipCost } from "../cost-of-ownership";
import { costLineLabels } from "../cost-lines";

// The pieces the cost pages of a version and of an ad share: the messages, the
// stacked bars, the table, the list of figures with their month and source.

/** One colour per line, the chart's segments and the legend's swatches alike. */
export const lineColours: Record<CostLine, { fill: string; swatch: string }> = {
  depreciation: { fill: "fill-primary-600 dark:fill-primary-400", swatch: "bg-primary-600 dark:bg-primary-400" },
  energy: { fill: "fill-amber-500", swatch: "bg-amber-500" },
  licence: { fill: "fill-slate-400", swatch: "bg-slate-400" },
  maintenance: { fill: "fill-emerald-600 dark:fill-emerald-400", swatch: "bg-emerald-600 dark:bg-emerald-400" },
  insurance: { fill: "fill-violet-500", swatch: "bg-violet-500" },
  interest: { fill: "fill-rose-500", swatch: "bg-rose-500" },
};

export function CostMessages({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="status" className="mt-4 flex gap-3 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <CircleAlert className="size-5 shrink-0" strokeWidth={1.75} aria-hidden="true" />
      <ul className="space-y-1">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

export function CostLegend({ lines }: { lines: readonly CostLine[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300" aria-hidden="true">
      {lines.map((line) => (
        <li key={line} className="flex items-center gap-1.5">
          <span className={`inline-block size-3 rounded-sm ${lineColours[line].swatch}`} />
          {costLineLabels[line]}
        </li>
      ))}
    </ul>
  );
}

/** The stacked bars; the table below says the same in words, so the drawing is hidden from screen readers. */
export function CostChart({ cost, lines }: { cost: OwnershipCost; lines: readonly CostLine[] }) {
  const chart = costChartGeometry(cost.years, lines);
  return (
    <figure className="m-0 mt-6">
      <p className="mb-1 text-sm font-bold">
        Cost by year <span className="font-normal text-slate-600 dark:text-slate-400">(ZAR)</span>
      </p>
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="h-auto w-full max-w-xl" aria-hidden="true">
        {chart.ticks.map((tick) => (
          <g key={tick.label}>
            <line x1={chart.plotLeft} x2={chart.plotRight} y1={tick.y} y2={tick.y} className="stroke-slate-200 dark:stroke-slate-700" strokeDasharray={tick.label === "0" ? undefined : "3 3"} />
            <text x={chart.plotLeft - 6} y={tick.y} dy="0.35em" textAnchor="end" fontSize="11" className="tabular fill-slate-600 dark:fill-slate-400">
              {tick.label}
            </text>
          </g>
        ))}
        {/* One group a line, so each colour is written once. */}
        {lines.map((line) => (
          <g key={line} className={lineColours[line].fill}>
            {chart.bars.map((bar) => {
              const s = bar.segments.find((segment) => segment.line === line);
              return s ? <rect key={bar.year} x={bar.x} y={s.y} width={bar.width} height={s.height} /> : null;
            })}
          </g>
        ))}
        <g fontSize="11" textAnchor="middle" className="tabular fill-slate-600 dark:fill-slate-400">
          {chart.bars.map((bar) => (
            <text key={bar.year} x={bar.x + bar.width / 2} y={chart.baseline + 16}>
              {`Y${bar.year}`}
            </text>
          ))}
        </g>
      </svg>
      <CostLegend lines={lines} />
    </figure>
  );
}

/** Per line and per year, with each line's total and each year's. */
export function CostTable({ cost, lines, caption }: { cost: OwnershipCost; lines: readonly CostLine[]; caption: string }) {
  // The cells' look is set once on the table (a ten-year table has seventy of them).
  const cell = "px-2 text-right";
  return (
    <div className="mt-6 overflow-x-auto" tabIndex={0} role="region" aria-label="Cost of ownership by line and year">
      <table className="tabular w-full text-sm whitespace-nowrap [&_td]:px-2 [&_td]:py-1.5 [&_td]:text-right [&_th]:py-1.5" data-testid="cost-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-slate-600 dark:text-slate-400">
            <th scope="col" className="sticky left-0 bg-white pr-2 text-left font-medium dark:bg-slate-900">
              Line
            </th>
            {cost.years.map((y) => (
              <th key={y.year} scope="col" className={`${cell} font-medium`}>
                Year {y.year}
              </th>
            ))}
            <th scope="col" className={`${cell} font-semibold text-slate-900 dark:text-slate-100`}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="sticky left-0 bg-white pr-2 text-left font-medium dark:bg-slate-900">
                <span className={`mr-1.5 inline-block size-2.5 rounded-sm ${lineColours[line].swatch}`} aria-hidden="true" />
                {costLineLabels[line]}
              </th>
              {cost.years.map((y) => (
                <td key={y.year}>{formatRand(y.lines[line])}</td>
              ))}
              <td className="font-semibold">{formatRand(cost.totals[line])}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 font-bold dark:border-slate-600">
            <th scope="row" className="sticky left-0 bg-white pr-2 text-left dark:bg-slate-900">
              Total
            </th>
            {cost.years.map((y) => (
              <td key={y.year}>{formatRand(lines.reduce((sum, line) => sum + y.lines[line], 0))}</td>
            ))}
            <td>{formatRand(cost.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The lines of the total, one a row (the ad page's shorter view). */
export function CostNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="mt-4 space-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="cost-notes">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

/** Every figure used, with its month and source; an estimate says so. */
export function AssumptionList({ lines }: { lines: readonly AssumptionLine[] }) {
  return (
    <ul className="mt-2 space-y-3 text-sm">
      {lines.map((a) => (
        <li key={a.label}>
          <p>
            <span className="font-semibold">{a.label}:</span> {a.value}
            {a.asOf ? <span className="text-slate-600 dark:text-slate-400"> ({a.asOf}{a.estimate ? ", Voitura's estimate" : ""})</span> : null}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {a.sourceUrl ? (
              <a href={a.sourceUrl} className="link" rel="noopener nofollow">
                {a.source}
              </a>
            ) : (
              a.source
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
