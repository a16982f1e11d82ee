import { Form } from "react-router";
import { provinces } from "~/lib/places";
import type { FuelType } from "../../../../db/schema/vocabulary";
import { ASSUMPTION_LIMITS, assumptionParams, type CostAssumptions } from "../assumptions";

// The assumptions as a GET form: a result has an address, and the form works without scripts (the
// browser sends it as a plain GET; with scripts React Router loads the same address). Every field
// shows the value used, so after a bad value the form holds the default the page fell back to.

const years = Array.from({ length: ASSUMPTION_LIMITS.years.max }, (_, i) => i + 1);
const stages = Array.from({ length: ASSUMPTION_LIMITS.stage.max }, (_, i) => i + 1);

export function CostAssumptionsForm({ action, assumptions, fuel, idPrefix }: { action: string; assumptions: CostAssumptions; fuel: FuelType; idPrefix: string }) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const electrified = fuel === "electric" || fuel === "plug-in-hybrid";
  const petrol = fuel !== "electric" && fuel !== "diesel";
  const label = "mb-1 block text-sm font-semibold";
  return (
    <Form method="get" action={action} preventScrollReset className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="cost-form">
      <div>
        <label htmlFor={id("years")} className={label}>
          Years
        </label>
        <select id={id("years")} name={assumptionParams.years} defaultValue={assumptions.years} className="input tabular">
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={id("km")} className={label}>
          Km a year
        </label>
        <input id={id("km")} name={assumptionParams.kmPerYear} defaultValue={assumptions.kmPerYear} inputMode="numeric" autoComplete="off" className="input tabular" />
      </div>
      <div>
        <label htmlFor={id("province")} className={label}>
          Province
        </label>
        <select id={id("province")} name={assumptionParams.province} defaultValue={assumptions.province} className="input">
          {provinces.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {petrol ? (
        <div>
          <label htmlFor={id("grade")} className={label}>
            Petrol
          </label>
          <select id={id("grade")} name={assumptionParams.grade} defaultValue={assumptions.grade} className="input">
            <option value="95">95</option>
            <option value="93">93</option>
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor={id("pay")} className={label}>
          Paid
        </label>
        <select id={id("pay")} name={assumptionParams.payment} defaultValue={assumptions.payment} className="input">
          <option value="finance">On finance</option>
          <option value="cash">Cash</option>
        </select>
      </div>
      {electrified ? (
        <>
          <div>
            <label htmlFor={id("solar")} className={label}>
              Solar share %
            </label>
            <input id={id("solar")} name={assumptionParams.solarPercent} defaultValue={assumptions.solarPercent} inputMode="numeric" autoComplete="off" className="input tabular" />
          </div>
          <div>
            <label htmlFor={id("charger")} className={label}>
              Charger kW
            </label>
            <input id={id("charger")} name={assumptionParams.chargerKw} defaultValue={assumptions.chargerKw} inputMode="decimal" autoComplete="off" className="input tabular" />
          </div>
          <div>
            <label htmlFor={id("stage")} className={label}>
              Load-shedding
            </label>
            <select id={id("stage")} name={assumptionParams.stage} defaultValue={assumptions.stage} className="input">
              {stages.map((s) => (
                <option key={s} value={s}>
                  Stage {s}
                </option>
              ))}
            </select>
          </div>
        </>
      ) : null}
      <div className="col-span-2 flex items-end sm:col-span-3 lg:col-span-6">
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Update the costs
        </button>
      </div>
    </Form>
  );
}
