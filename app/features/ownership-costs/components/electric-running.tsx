import { Link } from "react-router";
import { DEFAULT_ASSUMPTIONS, provinceName } from "../assumptions";
import type { AssumptionLine } from "../car-cost";
import type { EvRunningCosts } from "../ev-running";
import { AssumptionList } from "./cost-parts";

// The electric-cars page's running costs: on each model's card, its cheapest version's rand per
// 100 km on the home tariff beside the petrol car of its body type, and the km a home charger adds
// through a day of load-shedding; above the cards, what those figures assume, with their months.

export interface ElectricRunningLine {
  /** The version page's cost section. */
  path: string;
  versionName: string;
  costs: Omit<EvRunningCosts, "assumptions">;
}

const r = (n: number) => `R ${n.toFixed(2)}`;

export function ElectricRunningIntro({ figures }: { figures: readonly AssumptionLine[] }) {
  const { stage, chargerKw, province } = DEFAULT_ASSUMPTIONS;
  return (
    <section aria-labelledby="running-heading" className="mb-10 max-w-3xl text-sm text-slate-700 dark:text-slate-300" data-testid="electric-running-intro">
      <h2 id="running-heading" className="text-lg font-bold text-slate-900 dark:text-slate-100">
        What they cost per 100 km
      </h2>
      <p className="mt-1">
        Each card gives its cheapest version's cost per 100 km charged at home, against the average petrol car of its body type on 95 in{" "}
        {provinceName(province)}, and the km of charge a {chargerKw} kW home charger adds in the hours with power at load-shedding stage {stage}. A
        version's page adds public DC charging, solar power and other chargers and stages.
      </p>
      <details className="mt-2">
        <summary className="link cursor-pointer">The figures used</summary>
        <AssumptionList lines={figures} />
      </details>
    </section>
  );
}

export function ElectricCardLine({ line }: { line: ElectricRunningLine }) {
  const { costs } = line;
  return (
    <div className="px-2 text-sm" data-testid="ev-card-line">
      <dl className="grid grid-cols-2 gap-2">
        {costs.home !== null ? (
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">100 km at home</dt>
            <dd className="tabular font-bold">{r(costs.home)}</dd>
          </div>
        ) : null}
        {costs.petrolEquivalent ? (
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">Petrol equivalent</dt>
            <dd className="tabular font-bold">{r(costs.petrolEquivalent.per100Km)}</dd>
          </div>
        ) : null}
      </dl>
      {costs.loadShedding ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Stage {costs.loadShedding.stage}, {costs.loadShedding.chargerKw} kW: about {costs.loadShedding.km} km of charge a day
        </p>
      ) : null}
      <Link to={line.path} className="link relative z-10 mt-1 inline-block text-xs">
        Running costs of the {line.versionName}
      </Link>
    </div>
  );
}
