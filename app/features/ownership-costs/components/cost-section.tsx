import { formatKm } from "~/lib/format";
import type { FuelType } from "../../../../db/schema/vocabulary";
import { type CostAssumptions, provinceName } from "../assumptions";
import type { AssumptionLine } from "../car-cost";
import { shownLines } from "../cost-lines";
import type { AdCostSection, CostSection } from "../sections";
import { CostAssumptionsForm } from "./cost-form";
import { AssumptionList, CostChart, CostKeyFigures, CostLineList, CostMessages, CostNotes, CostTable } from "./cost-parts";
import { EvRunningCostsView } from "./ev-running-costs";

// The cost of ownership on the version page (the full table and chart) and on the ad page (the
// total, a month, a km and the lines), both with their assumptions changeable by a GET form.

export const COST_SECTION_ID = "cost-of-ownership";

export function assumptionsSentence(a: CostAssumptions, fuel: FuelType): string {
  const fuelText = fuel === "electric" ? "charged at home" : fuel === "diesel" ? "diesel" : `${a.grade} petrol`;
  return `Over ${a.years} ${a.years === 1 ? "year" : "years"} at ${formatKm(a.kmPerYear)} a year in ${provinceName(a.province)}, ${fuelText}, ${a.payment === "cash" ? "paid cash" : "bought on finance"}.`;
}

/** The figures of the costs and the running costs, each once. */
function allAssumptions(section: CostSection): AssumptionLine[] {
  const seen = new Set<string>();
  return [...section.result.assumptions, ...(section.ev?.assumptions ?? [])].filter((a) => !seen.has(a.source + a.value) && seen.add(a.source + a.value));
}

function Sources({ section }: { section: CostSection }) {
  return (
    <details className="mt-6 text-sm">
      <summary className="link cursor-pointer">Where the figures come from</summary>
      <AssumptionList lines={allAssumptions(section)} />
    </details>
  );
}

function EvBlock({ section, headingId }: { section: CostSection; headingId: string }) {
  if (!section.ev) return null;
  return (
    <div className="mt-8">
      <h3 id={headingId} className="mb-3 text-lg font-bold">
        Running costs per 100 km
      </h3>
      <EvRunningCostsView ev={section.ev} solarPercent={section.assumptions.solarPercent} />
    </div>
  );
}

export function VersionCostSection({ section, fuel, action, carLabel }: { section: CostSection; fuel: FuelType; action: string; carLabel: string }) {
  const { result, assumptions } = section;
  const lines = shownLines(result);
  return (
    <section id={COST_SECTION_ID} aria-labelledby="cost-heading" className="card mt-10 p-5 sm:p-6">
      <h2 id="cost-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        What it costs <span className="text-primary-700 dark:text-primary-300">to own</span>
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="cost-sentence">
        {assumptionsSentence(assumptions, fuel)}
      </p>
      <CostMessages messages={section.messages} />
      <CostKeyFigures cost={result.cost} perMonth={result.perMonth} years={assumptions.years} />
      {/* Stacked: the table of ten years and a total needs the section's whole width. */}
      <CostChart cost={result.cost} lines={lines} />
      <CostTable cost={result.cost} lines={lines} caption={`The cost of owning the ${carLabel}, by line and year, in rand`} />
      <CostNotes notes={result.notes} />
      <EvBlock section={section} headingId="cost-ev-heading" />
      <h3 className="mt-8 mb-3 text-lg font-bold">Change the assumptions</h3>
      <CostAssumptionsForm action={action} assumptions={assumptions} fuel={fuel} idPrefix="cost" />
      <Sources section={section} />
    </section>
  );
}

export function AdCostSectionView({ section, fuel, action, mileageKm }: { section: AdCostSection; fuel: FuelType; action: string; mileageKm: number }) {
  const { result, assumptions } = section;
  const age = section.ageYears === 0 ? "this year's car" : `a ${section.ageYears}-year-old car`;
  return (
    <section id={COST_SECTION_ID} aria-labelledby="ad-cost-heading" className="card p-5 sm:p-6">
      <h2 id="ad-cost-heading" className="text-xl font-bold">
        What it costs to own
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="cost-sentence">
        {assumptionsSentence(assumptions, fuel)} From this ad's price, {age} with {formatKm(mileageKm)}; consumption, mass and service plan of the catalogue's{" "}
        {section.versionName}.
      </p>
      <CostMessages messages={section.messages} />
      <CostKeyFigures cost={result.cost} perMonth={result.perMonth} years={assumptions.years} />
      <CostLineList cost={result.cost} lines={shownLines(result)} />
      <CostNotes notes={result.notes} />
      <EvBlock section={section} headingId="ad-cost-ev-heading" />
      <details className="mt-6 text-sm" open={section.messages.length > 0}>
        <summary className="link cursor-pointer">Change the assumptions</summary>
        <div className="mt-3">
          <CostAssumptionsForm action={action} assumptions={assumptions} fuel={fuel} idPrefix="ad-cost" />
        </div>
      </details>
      <Sources section={section} />
    </section>
  );
}
