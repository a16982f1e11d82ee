import { useId } from "react";
import { chartFigures, chartSummary, type ChartInput } from "../rules";
import { carPatternId, CarSwatch } from "./car-swatch";
import { Icon } from "~/ui/icon";

/**
 * Price, power, 0-100, consumption and boot as grouped horizontal bars, each figure scaled to its
 * largest value, the best marked in words. Server-rendered SVG bars, no script; the figure is one
 * image for assistive technology (a sentence naming the leaders) with the numbers as a table.
 */
export function KeyFiguresChart({ cars, labels }: { cars: ChartInput[]; labels: string[] }) {
  const id = useId();
  const figures = chartFigures(cars);
  if (figures.length === 0) return null;
  const summary = chartSummary(figures, labels);
  // The table is a sibling of the figure: a figcaption must be the figure's first or last child.
  return (
    <div>
      <figure className="m-0">
        <ul className="mb-4 flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Legend">
          {labels.map((label, index) => (
            <li key={index} className="flex items-center gap-1.5">
              <CarSwatch index={index} />
              <span>{label}</span>
            </li>
          ))}
        </ul>
        <div role="img" aria-labelledby={`${id}-summary`} className="grid gap-5 md:grid-cols-2 md:gap-x-10">
          {figures.map((figure) => (
            <div key={figure.key}>
              <p className="mb-1.5 text-sm font-bold">
                {figure.label} <span className="font-normal text-slate-600 dark:text-slate-400">({figure.unit}, {figure.better} is better)</span>
              </p>
              <div className="space-y-1">
                {figure.bars.map((bar, index) => (
                  <div key={index} className="chart-bar">
                    <CarSwatch index={index} />
                    <svg width="100%" height="16" focusable="false">
                      {bar.value !== null ? <rect width={`${Math.max(bar.ratio * 100, 1.5).toFixed(1)}%`} height="16" rx="3" fill={`url(#${carPatternId(index)})`} /> : null}
                    </svg>
                    <span className={bar.best ? "chart-bar-best" : undefined}>
                      {bar.best ? <Icon name="award" className="mr-0.5 size-3.5" /> : null}
                      {bar.text}
                      {bar.best ? " best" : ""}
                    </span>
                  </div>
                ))}
              </div>
            </div>
          ))}
        </div>
        <figcaption id={`${id}-summary`} className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {summary}
        </figcaption>
      </figure>
      <details className="mt-2 text-sm" data-print="hide">
        <summary className="link cursor-pointer">Key figures as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="tabular w-full min-w-[28rem]">
            <caption className="sr-only">Key figures of the compared cars</caption>
            <thead>
              <tr className="text-left text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Figure
                </th>
                {labels.map((label, index) => (
                  <th key={index} scope="col" className="py-1 pr-2 font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figures.map((figure) => (
                <tr key={figure.key} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-1 pr-2 text-left font-medium">
                    {figure.label} ({figure.unit})
                  </th>
                  {figure.bars.map((bar, index) => (
                    <td key={index} className={`py-1 pr-2 ${bar.best ? "font-bold" : ""}`}>
                      {bar.text}
                      {bar.best ? " (best)" : ""}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
