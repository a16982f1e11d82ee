import { Link } from "react-router";
import { DEFAULT_ASSUMPTIONS, provinceName } from "../assumptions";
import type { AssumptionLine } from "../car-cost";
import type { EvRunningCosts } from "../ev-running";

// The electric-cars page's running costs: one line per model (its cheapest version on sale), rand
// per 100 km at home, on public DC charging and (plug-in hybrids) on petrol, beside the petrol car
// of its body type, and the km a home charger adds through a day of load-shedding.

export interface ElectricRunningLine {
  path: string;
  label: string;
  fuel: "electric" | "plug-in-hybrid" | string;
  costs: EvRunningCosts;
}

const r = (n: number | null | undefined) => (n === null || n === undefined ? "–" : `R ${n.toFixed(2)}`);

export function ElectricRunningTable({ lines, figures }: { lines: readonly ElectricRunningLine[]; figures: readonly AssumptionLine[] }) {
  const { stage, chargerKw } = DEFAULT_ASSUMPTIONS;
  const th = "px-2 py-2 text-right font-medium whitespace-nowrap";
  const td = "px-2 py-2 text-right whitespace-nowrap";
  return (
    <section aria-labelledby="running-heading" className="mb-12" data-testid="electric-running-costs">
      <h2 id="running-heading" className="text-2xl font-extrabold tracking-tight">
        What they cost <span className="text-primary-700 dark:text-primary-300">per 100 km</span>
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        Each model's cheapest version, charged at home or on a public DC charger, against the average petrol car of its body type on 95 in{" "}
        {provinceName(DEFAULT_ASSUMPTIONS.province)}. The last column: the km of charge a {chargerKw} kW home charger adds in the hours with power at
        load-shedding stage {stage}. A version's page changes these assumptions (solar, charger, stage).
      </p>
      <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="running-heading">
        <table className="tabular w-full text-sm">
          <caption className="sr-only">Running costs per 100 km of electric and plug-in hybrid cars, in rand</caption>
          <thead>
            <tr className="border-b border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <th scope="col" className="py-2 pr-2 text-left font-medium">
                Car
              </th>
              <th scope="col" className={th}>
                kWh/100 km
              </th>
              <th scope="col" className={th}>
                Home
              </th>
              <th scope="col" className={th}>
                Public DC
              </th>
              <th scope="col" className={th}>
                On petrol
              </th>
              <th scope="col" className={th}>
                Petrol car
              </th>
              <th scope="col" className={th}>
                Km in a day, stage {stage}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.path} className="border-b border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-2 pr-2 text-left font-medium">
                  <Link to={line.path} className="link">
                    {line.label}
                  </Link>
                  {line.fuel === "plug-in-hybrid" ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(plug-in hybrid)</span> : null}
                </th>
                <td className={td}>{line.costs.kwhPer100Km}</td>
                <td className={`${td} font-semibold`}>{r(line.costs.home)}</td>
                <td className={td}>{r(line.costs.publicDc)}</td>
                <td className={td}>{r(line.costs.petrol)}</td>
                <td className={td}>{r(line.costs.petrolEquivalent?.per100Km)}</td>
                <td className={td}>{line.costs.loadShedding ? `${line.costs.loadShedding.km} km` : "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {figures.map((f) => `${f.label}: ${f.value} (${f.asOf}${f.estimate ? ", Voitura's estimate" : ""}; ${f.source})`).join(" ")} A plug-in hybrid on petrol
        is at the maker's combined figure, which assumes regular charging.
      </p>
    </section>
  );
}
