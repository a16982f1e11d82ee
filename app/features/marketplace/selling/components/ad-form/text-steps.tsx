import { useState } from "react";
import { type FieldErrors, TextAreaField, TextField } from "~/ui/form";
import { type StepValues, valueOf } from "../../ad-draft-steps";
import { AD_FORM_LIMITS } from "../../../ad-form-rules";

// The description (a phone number or a link typed into it is flagged as the seller types, once the
// rules have loaded) and the contact preferences.

type Rules = typeof import("../../ad-form-schema");

export function DescriptionStep({ values, errors }: { values: StepValues | undefined; errors: FieldErrors }) {
  const [flag, setFlag] = useState<string>();
  const [rules, setRules] = useState<Rules>();
  return (
    <TextAreaField
      label="Description"
      name="description"
      rows={10}
      maxLength={AD_FORM_LIMITS.descriptionMax}
      defaultValue={valueOf(values, "description")}
      error={errors.description ?? flag}
      onFocus={() => {
        if (!rules) void import("../../ad-form-schema").then(setRules, () => undefined);
      }}
      onInput={(e) => setFlag(rules?.descriptionContactProblem(e.currentTarget.value))}
      hint={`What a buyer wants to know: its history, what was done to it, what is special. Between ${AD_FORM_LIMITS.descriptionMin} and ${AD_FORM_LIMITS.descriptionMax} characters; your phone number goes in the contact step.`}
    />
  );
}

export function ContactStep({ values, errors, dealerName }: { values: StepValues | undefined; errors: FieldErrors; dealerName: string | null }) {
  return (
    <div className="space-y-5">
      <p className="text-slate-700 dark:text-slate-300">
        {dealerName
          ? `Buyers can always write to ${dealerName} through the form on the ad: their messages go to the dealership's address and to its leads on Voitura.`
          : "Buyers can always write to you through the form on your ad: their messages come to your email address, which they never see."}
      </p>
      <TextField
        label="Phone number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete={dealerName ? "off" : "tel"}
        optional
        maxLength={20}
        defaultValue={valueOf(values, "phone")}
        error={errors.phone}
        hint="A South African number, for example 082 123 4567 or +27 82 123 4567."
      />
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" name="showPhone" value="yes" defaultChecked={valueOf(values, "showPhone") === "yes"} className="size-5 accent-primary-600" />
        <span>{dealerName ? "Show this number on the ad" : "Show my number on the ad"} (buyers press “Show phone number” to see it)</span>
      </label>
      {dealerName ? (
        <TextField
          label="Stock number"
          name="stockNumber"
          optional
          maxLength={AD_FORM_LIMITS.stockNumber}
          autoComplete="off"
          defaultValue={valueOf(values, "stockNumber")}
          error={errors.stockNumber}
          hint="Your dealership's own reference for this car. A stock feed updates the ad with the same number."
        />
      ) : null}
    </div>
  );
}
