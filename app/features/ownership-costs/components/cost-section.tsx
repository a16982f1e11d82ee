import type { FuelType } from "../../../../db/schema/vocabulary";
import { assumptionsSentence } from "../assumptions";
import type { AssumptionLine } from "../car-cost";
import { shownLines } from "../cost-lines";
import type { CostSection } from "../sections";
import { CostAssumptionsForm } from "./cost-form";
import { AssumptionList, CostChart, CostMessages, CostNotes, CostTable } from "./cost-parts";
import { COST_SECTION_ID, CostKeyFigures } from "./cost-summary";
import { EvRunningCostsView } from "./ev-running-costs";

// The cost page of a version or of an ad: the key figures, the chart and the table by line and
// year, an electric car's running costs, the assumptions as a GET form, and every figure's source.

/** The figures of the costs and the running costs, each once. */
function allAssumptions(section: CostSection): AssumptionLine[] {
  const seen = new Set<string>();
  return [...section.result.assumptions, ...(section.ev?.assumptions ?? [])].filter((a) => !seen.has(a.source + a.value) && seen.add(a.source + a.value));
}

const subHeading = "mt-10 mb-3 text-xl font-bold";

export function CostDetails({ section, fuel, action, carLabel, basis }: { section: CostSection; fuel: FuelType; action: string; carLabel: string; basis?: string }) {
  const { result, assumptions } = section;
  const lines = shownLines(result);
  return (
    <div id={COST_SECTION_ID} data-testid="cost-details">
      <p className="text-slate-700 dark:text-slate-300" data-testid="cost-sentence">
        {assumptionsSentence(assumptions, fuel)}
        {basis ? ` ${basis}` : null}
      </p>
      <CostMessages messages={section.messages} />
      <CostKeyFigures total={result.cost.total} perKm={result.cost.perKm} perMonth={result.perMonth} years={assumptions.years} />

      <h2 className={subHeading}>By line and year</h2>
      <CostChart cost={result.cost} lines={lines} />
      <CostTable cost={result.cost} lines={lines} caption={`The cost of owning the ${carLabel}, by line and year, in rand`} />
      <CostNotes notes={result.notes} />

      {section.ev ? (
        <>
          <h2 className={subHeading}>Running costs per 100 km</h2>
          <EvRunningCostsView ev={section.ev} solarPercent={assumptions.solarPercent} />
        </>
      ) : null}

      <h2 className={subHeading}>Change the assumptions</h2>
      <CostAssumptionsForm action={action} assumptions={assumptions} fuel={fuel} idPrefix="cost" />

      <h2 className={subHeading}>Where the figures come from</h2>
      <AssumptionList lines={allAssumptions(section)} />
    </div>
  );
}
