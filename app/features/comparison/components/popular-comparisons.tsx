import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CarIllustration } from "~/ui/car-illustration";
import type { PopularComparison } from "../popular.server";

/** The empty comparator's ready-made comparisons, each a link to its shareable URL. */
export function PopularComparisons({ comparisons }: { comparisons: PopularComparison[] }) {
  if (comparisons.length === 0) return null;
  return (
    <section aria-labelledby="popular-heading" className="mt-10" data-print="hide">
      <h2 id="popular-heading" className="text-2xl font-extrabold tracking-tight">
        Popular <span className="text-primary-700 dark:text-primary-300">comparisons</span>
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">The most popular models of each kind, side by side at their entry price.</p>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2">
        {comparisons.map((comparison) => (
          <li key={comparison.key} className="flex">
            <Link to={comparison.url} className="card group flex w-full flex-col p-4 hover:border-primary-300 dark:hover:border-primary-700">
              <span className="flex items-center justify-between gap-3 font-bold text-primary-700 dark:text-primary-300">
                {comparison.title}
                <ArrowRight className="size-4 shrink-0 transition-transform group-hover:translate-x-0.5" strokeWidth={1.75} aria-hidden="true" />
              </span>
              <span className="mt-3 grid grid-cols-3 gap-2" aria-hidden="true">
                {comparison.cars.map((car) => (
                  <span key={car.id} className="aspect-[16/9] rounded-[var(--radius-control)] bg-gradient-to-b from-slate-50 to-slate-200 px-1 pt-1 dark:from-slate-800 dark:to-slate-900">
                    <CarIllustration bodyType={car.bodyType} colour={car.colour} className="h-full w-full" />
                  </span>
                ))}
              </span>
              <span className="mt-3 text-sm text-slate-700 dark:text-slate-300">{comparison.cars.map((car) => car.label).join(" vs ")}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
