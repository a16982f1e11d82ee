import { type FormEvent, useEffect, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { provinces } from "~/lib/places";
import { groupDigits } from "~/lib/format";
import { Field, type FieldErrors, FormErrorSummary, SubmitButton, TextField, fieldId } from "~/ui/form";
import { AD_FORM_LIMITS } from "../../ad-form-rules";
import type { FacetOption } from "../../search/search-view";
import { VALUATION_PATH } from "../../urls";
import { type ValuationField, valuationLabels, type ValuationValues } from "../valuation-form";
import type { ValuationChoices } from "../valuation.server";

// The valuation form: a plain GET form (the page's loader reads it with the same schema, so it
// works without JavaScript: choosing a make and sending lists its models). Once the app runs, a
// chosen make fetches its models at once, and the schema (loaded on first use) checks the fields
// before the form goes.

type ValuationRules = (values: ValuationValues) => { errors: FieldErrors<ValuationField> };
let loadedRules: ValuationRules | null = null;
const loadRules = () =>
  import("../valuation-schema").then((m) => (loadedRules = m.parseValuationForm)).catch(() => null);

const withCount = (o: FacetOption) => `${o.label} (${groupDigits(o.count)})`;

export function ValuationForm({ values, errors: serverErrors, choices }: { values: ValuationValues; errors: FieldErrors<ValuationField>; choices: ValuationChoices }) {
  const navigation = useNavigation();
  const fetcher = useFetcher<{ choices?: ValuationChoices }>();
  const [make, setMake] = useState(values.make);
  const [errors, setErrors] = useState(serverErrors);
  // A new answer from the server (another submission, Back) replaces the messages and the make.
  useEffect(() => {
    setErrors(serverErrors);
    setMake(values.make);
  }, [serverErrors, values.make]);
  useEffect(() => {
    if (make && make !== values.make) void fetcher.load(`${VALUATION_PATH}?make=${encodeURIComponent(make)}`);
  }, [make]);
  const models = make === values.make ? choices.models : (fetcher.data?.choices?.models ?? []);
  const variants = make === values.make ? choices.variants : [];
  const pending = navigation.state !== "idle" && navigation.location?.pathname === VALUATION_PATH;

  const check = (event: FormEvent<HTMLFormElement>) => {
    if (!loadedRules) return;
    const form = new FormData(event.currentTarget);
    const typed = Object.fromEntries(Object.keys(valuationLabels).map((f) => [f, String(form.get(f) ?? "")])) as ValuationValues;
    const found = loadedRules(typed).errors;
    setErrors(found);
    if (Object.keys(found).length > 0) event.preventDefault();
  };

  const id = (name: ValuationField) => fieldId(name, "valuation");
  const select = "input";
  return (
    <Form method="get" action={VALUATION_PATH} noValidate onSubmit={check} onFocus={() => void loadRules()} className="card grid gap-4 p-4 sm:grid-cols-2 sm:p-6" aria-label="Your car">
      {Object.values(errors).some(Boolean) ? (
        <div className="sm:col-span-2">
          <FormErrorSummary errors={errors} idFor={(name) => id(name as ValuationField)} />
        </div>
      ) : null}
      <Field id={id("make")} label={valuationLabels.make} error={errors.make}>
        {(control) => (
          <select name="make" value={make} onChange={(e) => setMake(e.currentTarget.value)} className={select} {...control}>
            <option value="">Choose a make</option>
            {choices.makes.map((m) => (
              <option key={m.value} value={m.value}>
                {withCount(m)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={id("model")}
        label={valuationLabels.model}
        error={errors.model}
        hint={make ? undefined : "Choose the make first: its models with ads on Voitura are listed here."}
      >
        {(control) => (
          <select name="model" defaultValue={make === values.make ? values.model : ""} key={`${make}:${models.length}`} className={select} {...control}>
            <option value="">Choose a model</option>
            {models.map((m) => (
              <option key={m.value} value={m.value}>
                {withCount(m)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        id={id("year")}
        name="year"
        label={valuationLabels.year}
        defaultValue={values.year}
        inputMode="numeric"
        autoComplete="off"
        placeholder={`e.g. ${AD_FORM_LIMITS.yearMax - 6}`}
        maxLength={4}
        error={errors.year}
      />
      <TextField
        id={id("km")}
        name="km"
        label={valuationLabels.km}
        defaultValue={values.km}
        inputMode="numeric"
        autoComplete="off"
        placeholder="e.g. 85 000"
        maxLength={12}
        error={errors.km}
      />
      <TextField
        id={id("variant")}
        name="variant"
        label={valuationLabels.variant}
        optional
        defaultValue={values.variant}
        list={variants.length ? "valuation-variants" : undefined}
        maxLength={AD_FORM_LIMITS.variant}
        hint="Carried to your ad if you sell it; the price range compares every variant of the model."
        error={errors.variant}
      />
      {variants.length ? (
        <datalist id="valuation-variants">
          {variants.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      ) : null}
      <Field id={id("province")} label={valuationLabels.province} optional error={errors.province} hint="Carried to your ad if you sell it; prices are compared across South Africa.">
        {(control) => (
          <select name="province" defaultValue={values.province} className={select} {...control}>
            <option value="">All of South Africa</option>
            {provinces.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="sm:col-span-2">
        <SubmitButton pending={pending} pendingLabel="Valuing…">
          Value my car
        </SubmitButton>
      </div>
    </Form>
  );
}
