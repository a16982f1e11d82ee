import type { EvRunningCosts } from "../ev-running";

// An electric or plug-in hybrid car's running costs per 100 km beside the petrol car of its body
// type, and what its charger adds through a day of load-shedding.

const r100 = (n: number) => `R ${n.toFixed(2)}`;

export function loadSheddingSentence(ls: NonNullable<EvRunningCosts["loadShedding"]>): string {
  return `At stage ${ls.stage} with a ${ls.chargerKw} kW charger, about ${ls.km} km of charge fits in the ${ls.hoursWithPower} hours with power.`;
}

export function EvRunningCostsView({ ev, solarPercent }: { ev: EvRunningCosts; solarPercent: number }) {
  const figures = [
    ev.home !== null ? { id: "home", label: solarPercent > 0 ? `Home tariff, ${solarPercent} % solar` : "Home tariff", value: ev.home } : null,
    ev.publicDc !== null ? { id: "dc", label: "Public DC charging", value: ev.publicDc } : null,
    ev.petrol !== null ? { id: "petrol", label: "On petrol (combined figure)", value: ev.petrol } : null,
    ev.petrolEquivalent ? { id: "equivalent", label: `Petrol car of its body type (${ev.petrolEquivalent.litresPer100Km} l/100 km)`, value: ev.petrolEquivalent.per100Km } : null,
  ].filter((f) => f !== null);
  return (
    <div data-testid="ev-running-costs">
      <dl className="grid grid-cols-2 gap-2 sm:flex">
        {figures.map((f) => (
          <div key={f.id} className="flex flex-col rounded-[var(--radius-control)] border border-emerald-200 bg-emerald-50 p-3 sm:flex-1 dark:border-emerald-900 dark:bg-emerald-950">
            <dt className="text-xs text-slate-700 dark:text-slate-300">{f.label}</dt>
            <dd className="tabular order-first text-lg font-extrabold" data-testid={`ev-${f.id}`}>
              {r100(f.value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Per 100 km at {ev.kwhPer100Km} kWh/100 km{solarPercent > 0 ? "; solar power is counted as free (the panels' own cost is not included)" : ""}.
      </p>
      {ev.loadShedding ? (
        <p className="mt-2 text-sm font-semibold" data-testid="ev-load-shedding">
          {loadSheddingSentence(ev.loadShedding)}
        </p>
      ) : null}
    </div>
  );
}
