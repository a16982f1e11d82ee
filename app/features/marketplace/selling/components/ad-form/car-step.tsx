import { useEffect, useRef, useState } from "react";
import { adDrives, bodyTypes, fuelTypes, transmissions } from "../../../../../../db/schema/vocabulary";
import type { FieldErrors } from "~/ui/form";
import { TextField } from "~/ui/form";
import type { CarPrefill } from "../../ad-car-prefill";
import { SELL_CATALOGUE_PATH, type StepValues, valueOf } from "../../ad-draft-steps";
import { AD_FORM_LIMITS } from "../../../ad-form-rules";
import { adDriveLabels, bodyTypeLabels, fuelLabels, transmissionLabels } from "../../../vocabulary";
import { SelectField } from "./select-field";

// The car: make and model from the catalogue's lists (datalists: any text is still accepted, for
// a model the catalogue lacks), variant and year. Once make, model and year are known the body,
// fuel, gearbox and drive the seller left blank are filled from the catalogue: by the server when
// the step is saved, and here as the seller types when scripts run.

interface CarStepData {
  makes: string[];
  /** The models of the make saved in the draft. */
  models: string[];
  variants: string[];
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));
const PREFILLED = ["bodyType", "fuel", "transmission", "drive"] as const;

export function CarStep({ values, errors, data }: { values: StepValues | undefined; errors: FieldErrors; data: CarStepData }) {
  const [lists, setLists] = useState({ models: data.models, variants: data.variants });
  const [filled, setFilled] = useState<string[]>([]);
  const selects = useRef<Partial<Record<(typeof PREFILLED)[number], HTMLSelectElement | null>>>({});
  const rootRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const lookUp = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const root = rootRef.current;
      if (!root) return;
      const read = (name: string) => (root.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value ?? "").trim();
      const params = new URLSearchParams({ make: read("make"), model: read("model"), variant: read("variant"), year: read("year") });
      const id = ++request.current;
      void fetch(`${SELL_CATALOGUE_PATH}?${params}`)
        .then((r) => (r.ok ? (r.json() as Promise<{ models: string[]; variants: string[]; prefill: CarPrefill }>) : undefined))
        .then((answer) => {
          if (!answer || id !== request.current) return;
          setLists({ models: answer.models, variants: answer.variants });
          const now: string[] = [];
          for (const name of PREFILLED) {
            const select = selects.current[name];
            const value = answer.prefill[name];
            if (select && value && select.value === "") {
              select.value = value;
              // As if chosen: the form re-checks, so a message about the blank field clears.
              select.dispatchEvent(new Event("change", { bubbles: true }));
              now.push(name);
            }
          }
          if (now.length) setFilled((before) => [...new Set([...before, ...now])]);
        })
        .catch(() => undefined);
    }, 250);
  };

  const filledHint = (name: string) => (filled.includes(name) ? "Filled in from our catalogue: change it if yours differs." : undefined);

  return (
    <div ref={rootRef} className="space-y-5" onInput={lookUp}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Make"
          name="make"
          list="sell-makes"
          autoComplete="off"
          maxLength={AD_FORM_LIMITS.make}
          defaultValue={valueOf(values, "make")}
          error={errors.make}
          hint="Start typing: Toyota, Volkswagen…"
        />
        <TextField
          label="Model"
          name="model"
          list="sell-models"
          autoComplete="off"
          maxLength={AD_FORM_LIMITS.model}
          defaultValue={valueOf(values, "model")}
          error={errors.model}
          hint="Pick it from the list, or type it if it is not there."
        />
        <TextField
          label="Variant"
          name="variant"
          list="sell-variants"
          autoComplete="off"
          optional
          maxLength={AD_FORM_LIMITS.variant}
          defaultValue={valueOf(values, "variant")}
          error={errors.variant}
          hint="For example 1.4 Trendline."
        />
        <TextField
          label="Year"
          name="year"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          defaultValue={valueOf(values, "year")}
          error={errors.year}
          hint={`The year of first registration (${AD_FORM_LIMITS.yearMin}–${AD_FORM_LIMITS.yearMax}).`}
        />
      </div>
      <datalist id="sell-makes">
        {data.makes.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <datalist id="sell-models">
        {lists.models.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <datalist id="sell-variants">
        {lists.variants.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Leave these blank if you are not sure: once we know the make, model and year, we fill them in from our catalogue.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Body type"
          name="bodyType"
          value={valueOf(values, "bodyType")}
          error={errors.bodyType}
          hint={filledHint("bodyType")}
          options={options(bodyTypes, bodyTypeLabels)}
          selectRef={(el) => void (selects.current.bodyType = el)}
        />
        <SelectField
          label="Fuel"
          name="fuel"
          value={valueOf(values, "fuel")}
          error={errors.fuel}
          hint={filledHint("fuel")}
          options={options(fuelTypes, fuelLabels)}
          selectRef={(el) => void (selects.current.fuel = el)}
        />
        <SelectField
          label="Gearbox"
          name="transmission"
          value={valueOf(values, "transmission")}
          error={errors.transmission}
          hint={filledHint("transmission")}
          options={options(transmissions, transmissionLabels)}
          selectRef={(el) => void (selects.current.transmission = el)}
        />
        <SelectField
          label="Drive"
          name="drive"
          value={valueOf(values, "drive")}
          error={errors.drive}
          hint={filledHint("drive")}
          options={options(adDrives, adDriveLabels)}
          selectRef={(el) => void (selects.current.drive = el)}
        />
      </div>
    </div>
  );
}
