import { useState } from "react";
import type { FieldErrors } from "~/ui/form";
import { type StepValues, valueOf } from "../../ad-draft-steps";
import { cities, citiesOf, provinces } from "~/lib/places";
import { SelectField } from "./select-field";

// Where the car is: the province, then a town of it. Without scripts, until a province is saved,
// the town list holds every town grouped by province; with scripts it follows the province.

export function PlaceStep({ values, errors }: { values: StepValues | undefined; errors: FieldErrors }) {
  const [province, setProvince] = useState(valueOf(values, "province"));
  const towns = province ? citiesOf(province) : [];
  const sorted = (list: typeof cities) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        label="Province"
        name="province"
        value={valueOf(values, "province")}
        error={errors.province}
        options={provinces.map((p) => ({ value: p.slug, label: p.name }))}
        onChange={setProvince}
      />
      <SelectField
        // A new list for a new province: the town chosen for another one does not stay selected.
        key={province}
        label="Town"
        name="city"
        value={towns.some((t) => t.slug === valueOf(values, "city")) || !province ? valueOf(values, "city") : ""}
        error={errors.city}
        hint="The nearest town the marketplace knows."
      >
        {province
          ? sorted(towns).map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))
          : provinces.map((p) => (
              <optgroup key={p.slug} label={p.name}>
                {sorted(citiesOf(p.slug)).map((t) => (
                  <option key={t.slug} value={t.slug}>
                    {t.name}
                  </option>
                ))}
              </optgroup>
            ))}
      </SelectField>
    </div>
  );
}
