import { type FieldErrors, FieldError, TextField } from "~/ui/form";
import { type StepValues, valueOf } from "../../ad-draft-steps";
import { AD_FORM_LIMITS } from "../../../ad-form-rules";
import { adColours, adEquipment, serviceHistoryLabels } from "../../../vocabulary";
import { labelledOptions, SelectField } from "./select-field";
import { formatKm } from "~/lib/format";

// The car's condition: mileage, service history, owners, colour, engine, doors, seats and the
// equipment (ticks; an item saved before that is not in the list stays ticked).

export function ConditionStep({ values, errors }: { values: StepValues | undefined; errors: FieldErrors }) {
  const saved = Array.isArray(values?.equipment) ? values.equipment : [];
  const items = [...adEquipment, ...saved.filter((item) => !(adEquipment as readonly string[]).includes(item))];
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Mileage (km)"
          name="mileageKm"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          defaultValue={valueOf(values, "mileageKm")}
          error={errors.mileageKm}
          hint={`As on the odometer, for example 86 000 (up to ${formatKm(AD_FORM_LIMITS.mileageMax)}).`}
        />
        <SelectField label="Service history" name="serviceHistory" value={valueOf(values, "serviceHistory")} error={errors.serviceHistory} options={labelledOptions(serviceHistoryLabels)} />
        <SelectField label="Colour" name="colour" value={valueOf(values, "colour")} error={errors.colour} options={adColours.map((c) => ({ value: c.slug, label: c.name }))} />
        <TextField
          label="Previous owners"
          name="previousOwners"
          inputMode="numeric"
          optional
          maxLength={2}
          defaultValue={valueOf(values, "previousOwners")}
          error={errors.previousOwners}
          hint="Not counting you."
        />
        <TextField
          label="Engine size (cc)"
          name="engineCc"
          inputMode="numeric"
          optional
          maxLength={6}
          defaultValue={valueOf(values, "engineCc")}
          error={errors.engineCc}
          hint="For example 1 398."
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField label="Doors" name="doors" inputMode="numeric" optional maxLength={1} defaultValue={valueOf(values, "doors")} error={errors.doors} />
          <TextField label="Seats" name="seats" inputMode="numeric" optional maxLength={1} defaultValue={valueOf(values, "seats")} error={errors.seats} />
        </div>
      </div>
      <fieldset aria-describedby={errors.equipment ? "field-equipment-error" : undefined}>
        <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Equipment <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </legend>
        <ul className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2" id="field-equipment">
          {items.map((item) => (
            <li key={item}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 hover:bg-slate-50 dark:hover:bg-slate-800/60">
                <input type="checkbox" name="equipment" value={item} defaultChecked={saved.includes(item)} className="size-5 accent-primary-600" />
                <span>{item}</span>
              </label>
            </li>
          ))}
        </ul>
        <FieldError id="field-equipment-error" message={errors.equipment} />
      </fieldset>
    </div>
  );
}
