import { useId } from "react";
import { formatPrice } from "~/lib/format";
import { formatLongDate } from "~/lib/south-african-time";
import { type HistoryPoint, priceChartGeometry, priceHistorySummary } from "../price-history";

/**
 * The price history as a small server-rendered SVG step chart with its text summary and the same
 * figures as a table behind a disclosure. One point (or none) is a sentence instead.
 */
export function PriceHistoryChart({ points, today }: { points: HistoryPoint[]; today: string }) {
  const id = useId();
  const summary = priceHistorySummary(points);
  const chart = priceChartGeometry(points, today);
  if (!chart) return <p className="text-sm text-slate-700 dark:text-slate-300">{summary}</p>;
  // The table is a sibling of the figure: a figcaption must be the figure's first or last child.
  return (
    <div>
      <figure className="m-0">
        <svg
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          className="h-auto w-full text-primary-600 dark:text-primary-300"
          role="img"
          aria-labelledby={`${id}-title`}
        >
          <title id={`${id}-title`}>{summary}</title>
          {chart.ticks.map((tick) => (
            <g key={tick.label}>
              <line x1={56} x2={chart.width - 12} y1={tick.y} y2={tick.y} className="stroke-slate-200 dark:stroke-slate-700" strokeDasharray="3 3" />
              <text x={50} y={tick.y} dy="0.35em" textAnchor="end" fontSize="12" className="fill-slate-600 dark:fill-slate-400 tabular">
                {tick.label}
              </text>
            </g>
          ))}
          <path d={chart.area} fill="currentColor" opacity={0.1} />
          <path d={chart.line} fill="none" stroke="currentColor" strokeWidth={2.25} strokeLinejoin="round" />
          {chart.dots.map((dot) => (
            <circle key={dot.point.effectiveOn} cx={dot.x} cy={dot.y} r={3.5} fill="currentColor" className="stroke-white dark:stroke-slate-900" strokeWidth={1.5} />
          ))}
          {chart.dates.map((date) => (
            <text key={date.label} x={date.x} y={chart.height - 6} textAnchor={date.anchor} fontSize="12" className="fill-slate-600 dark:fill-slate-400">
              {date.label}
            </text>
          ))}
        </svg>
        <figcaption className="mt-2 text-sm text-slate-700 dark:text-slate-300">{summary}</figcaption>
      </figure>
      <details className="mt-2 text-sm">
        <summary className="link cursor-pointer">Price changes as a table</summary>
        <table className="tabular mt-2 w-full">
          <caption className="sr-only">Price changes</caption>
          <thead>
            <tr className="text-left text-slate-600 dark:text-slate-400">
              <th scope="col" className="py-1 font-medium">
                Date
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.effectiveOn} className="border-t border-slate-200 dark:border-slate-700">
                <td className="py-1">{formatLongDate(point.effectiveOn)}</td>
                <td className="py-1 text-right">{formatPrice(point.priceZar, { withCurrency: true })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
