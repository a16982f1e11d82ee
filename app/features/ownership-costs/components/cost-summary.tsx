import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { formatRand } from "~/lib/format";
import type { CostSummary } from "../sections";
import { EvRunningCostsView } from "./ev-running-costs";

// The cost of ownership as the version and ad pages show it: the assumptions in a sentence, three
// key figures, an electric car's running costs, and a link to the cost page with the table by
// year, the chart and the form. The anchor id is the one the electric-cars page links to.

export const COST_SECTION_ID = "cost-of-ownership";

const perKmText = (perKm: number) => `R ${perKm.toFixed(2)}`;

export function CostKeyFigures({ total, perKm, perMonth, years }: { total: number; perKm: number; perMonth: number; years: number }) {
  const figures = [
    { label: `Total over ${years} ${years === 1 ? "year" : "years"}`, value: formatRand(total), id: "total" },
    { label: "A month", value: formatRand(perMonth), id: "month" },
    { label: "A km", value: perKmText(perKm), id: "km" },
  ];
  return (
    <dl className="mt-4 grid grid-cols-2 gap-px sm:grid-cols-3 overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-slate-200 dark:border-slate-800 dark:bg-slate-800">
      {figures.map((f) => (
        // On a phone the total (often seven digits) has a row of its own.
        <div key={f.id} className={`flex flex-col bg-white p-3 sm:p-4 dark:bg-slate-900 ${f.id === "total" ? "col-span-2 sm:col-span-1" : ""}`}>
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{f.label}</dt>
          <dd className="tabular order-first text-base font-extrabold whitespace-nowrap sm:text-2xl" data-testid={`cost-${f.id}`}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function CostSummarySection({ summary, costPagePath, className = "" }: { summary: CostSummary; costPagePath: string; className?: string }) {
  return (
    <section id={COST_SECTION_ID} aria-labelledby="cost-heading" className={`card p-5 sm:p-6 ${className}`}>
      <h2 id="cost-heading" className="text-xl font-bold sm:text-2xl">
        What it costs to own
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="cost-sentence">
        {summary.sentence}
      </p>
      <CostKeyFigures total={summary.total} perKm={summary.perKm} perMonth={summary.perMonth} years={summary.years} />
      {summary.ev ? (
        <div className="mt-6">
          <h3 className="mb-3 text-lg font-bold">Running costs per 100 km</h3>
          <EvRunningCostsView ev={summary.ev} solarPercent={summary.solarPercent} />
        </div>
      ) : null}
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400" data-testid="cost-as-of">
        {summary.asOf.join("; ")}
        {summary.withEstimates ? `${summary.asOf.length > 0 ? "; the" : "The"} other figures are Voitura's estimates` : ""}. Sources on the cost page.
      </p>
      <Link to={costPagePath} className="btn-secondary mt-4">
        Costs by year, the sources and your own assumptions <ArrowRight className="size-4" strokeWidth={1.75} aria-hidden="true" />
      </Link>
    </section>
  );
}
