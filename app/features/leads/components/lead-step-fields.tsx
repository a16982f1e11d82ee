import { useState } from "react";
import type { MenuBrand } from "~/features/catalogue/menu.server";
import { provinces } from "~/lib/places";
import { site } from "~/lib/site";
import { FieldError, type FieldErrors, fieldId, TextField } from "~/ui/form";
import { leadBudgetKinds, leadCarConditions, leadContactTimes, leadPaymentMethods } from "../../../../db/schema/vocabulary";
import { LEAD_LIMITS, LEAD_MAX_CARS } from "../lead-schema";
import { budgetKindLabels, carConditionLabels, contactTimeLabels, describeLeadBudget, paymentMethodLabels } from "../lead-draft";
import type { LeadDraft, LeadStepNumber } from "../lead-steps";

// One step's fields, shared by the popup and the no-script page. The inputs are uncontrolled
// (their defaults are the draft), so the page works as plain HTML forms; the popup reads each
// step's form when the visitor goes on or back.

const PRIVACY_PATH = "/politique-de-confidentalite-et-mentions-legales";

interface LeadStepFieldsProps {
  step: LeadStepNumber;
  draft: LeadDraft;
  errors: FieldErrors;
  /** Brands with their models (/menus/brands.json); null while they load. */
  brands: MenuBrand[] | null;
  /** Prefix of the ids, so the popup and the page never share one. */
  idPrefix: string;
}

const optionCard =
  "flex min-h-12 cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border border-slate-300 px-4 py-3 text-base font-medium hover:border-primary-500 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-600 dark:border-slate-700 dark:has-[:checked]:border-primary-400 dark:has-[:checked]:bg-primary-950/40";

function ChoiceGroup({
  name,
  legend,
  options,
  value,
  error,
  idPrefix,
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<readonly [string, string]>;
  value: string | undefined;
  error?: string;
  idPrefix: string;
}) {
  const errorId = `${fieldId(name, idPrefix)}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map(([option, label], index) => (
          <label key={option} className={optionCard}>
            <input
              type="radio"
              name={name}
              value={option}
              id={index === 0 ? fieldId(name, idPrefix) : undefined}
              defaultChecked={value === option}
              className="size-4 accent-primary-600"
            />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

const entries = <K extends string>(keys: readonly K[], labels: Record<K, string>) => keys.map((k) => [k, labels[k]] as const);

function CarPicker({ draft, errors, brands, idPrefix }: Omit<LeadStepFieldsProps, "step">) {
  const labels = ["First car", "Second car", "Third car"];
  const errorId = `${fieldId("wanted", idPrefix)}-error`;
  return (
    <fieldset aria-describedby={errors.wanted ? errorId : undefined} className="space-y-3">
      <legend className="text-sm font-semibold">Brands or models (one to {LEAD_MAX_CARS})</legend>
      {brands === null ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading the brands…</p> : null}
      {Array.from({ length: LEAD_MAX_CARS }, (_, index) => {
        const id = index === 0 ? fieldId("wanted", idPrefix) : `${fieldId("wanted", idPrefix)}-${index + 1}`;
        const chosen = draft.wanted[index] ?? "";
        return (
          <div key={`${index}-${brands ? "ready" : "loading"}`} className="space-y-1">
            <label htmlFor={id} className="block text-sm text-slate-700 dark:text-slate-300">
              {labels[index]}
              {index > 0 ? <span className="ml-1 text-slate-600 dark:text-slate-400">(optional)</span> : null}
            </label>
            <select id={id} name="wanted" defaultValue={chosen} aria-invalid={index === 0 && errors.wanted ? true : undefined} className="input">
              <option value="">{index === 0 ? "Choose a brand or model" : "None"}</option>
              {(brands ?? []).map((brand) => (
                <optgroup key={brand.id} label={brand.name}>
                  <option value={String(brand.id)}>{brand.name} (any model)</option>
                  {brand.models.map((model) => (
                    <option key={model.id} value={`${brand.id}:${model.id}`}>
                      {brand.name} {model.name}
                    </option>
                  ))}
                </optgroup>
              ))}
              {/* A prefilled car the list does not hold (yet): keep it chosen. */}
              {chosen && !brands ? <option value={chosen}>The car of this page</option> : null}
            </select>
          </div>
        );
      })}
      <FieldError id={errorId} message={errors.wanted} />
    </fieldset>
  );
}

function BudgetFields({ draft, errors, idPrefix }: Pick<LeadStepFieldsProps, "draft" | "errors" | "idPrefix">) {
  const [kind, setKind] = useState(draft.fields.budget_kind ?? "price");
  const [text, setText] = useState(draft.fields.budget ?? "");
  const reading = describeLeadBudget(kind, text);
  const hint = kind === "monthly" ? "For example R 6 500, or R 5 000 - R 7 000 a month." : "For example R 250 000 - R 350 000.";
  return (
    <div className="space-y-3">
      <fieldset aria-describedby={errors.budget_kind ? `${fieldId("budget_kind", idPrefix)}-error` : undefined}>
        <legend className="text-sm font-semibold">Your budget is</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {leadBudgetKinds.map((option, index) => (
            <label key={option} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="budget_kind"
                value={option}
                id={index === 0 ? fieldId("budget_kind", idPrefix) : undefined}
                defaultChecked={kind === option}
                onChange={() => setKind(option)}
                className="size-4 accent-primary-600"
              />
              {budgetKindLabels[option]}
            </label>
          ))}
        </div>
        <FieldError id={`${fieldId("budget_kind", idPrefix)}-error`} message={errors.budget_kind} />
      </fieldset>
      <TextField
        id={fieldId("budget", idPrefix)}
        label="Amount (ZAR)"
        name="budget"
        inputMode="text"
        autoComplete="off"
        maxLength={LEAD_LIMITS.budget}
        defaultValue={draft.fields.budget}
        onChange={(event) => setText(event.currentTarget.value)}
        hint={hint}
        error={errors.budget}
      />
      <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300" data-testid="lead-budget-reading">
        {reading ? (
          <>
            We read: <strong className="font-semibold">{reading}</strong>
          </>
        ) : null}
      </p>
    </div>
  );
}

/**
 * How to reach the shopper and their consent: the popup's last step, and the valuation's trade-in
 * form, whose request goes to the dealers that buy used cars (`tradeIn`).
 */
export function LeadContactFields({ draft, errors, idPrefix, tradeIn = false }: Pick<LeadStepFieldsProps, "draft" | "errors" | "idPrefix"> & { tradeIn?: boolean }) {
  const id = (name: string) => fieldId(name, idPrefix);
  const selectClass = "input";
  return (
    <div className="space-y-4">
      <TextField id={id("name")} label="Name" name="name" autoComplete="name" maxLength={LEAD_LIMITS.name} defaultValue={draft.fields.name} error={errors.name} />
      <TextField
        id={id("phone")}
        label="Mobile number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        hint="A South African mobile number, for example 082 123 4567."
        defaultValue={draft.fields.phone}
        error={errors.phone}
      />
      <TextField
        id={id("email")}
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={LEAD_LIMITS.email}
        defaultValue={draft.fields.email}
        error={errors.email}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={id("province")} className="block text-sm font-semibold">
            Province
          </label>
          <select
            id={id("province")}
            name="province"
            defaultValue={draft.fields.province ?? ""}
            aria-invalid={errors.province ? true : undefined}
            aria-describedby={errors.province ? `${id("province")}-error` : undefined}
            className={selectClass}
          >
            <option value="">Choose your province</option>
            {provinces.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
          <FieldError id={`${id("province")}-error`} message={errors.province} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={id("contact_time")} className="block text-sm font-semibold">
            Best time to call
          </label>
          <select
            id={id("contact_time")}
            name="contact_time"
            defaultValue={draft.fields.contact_time ?? "any"}
            aria-invalid={errors.contact_time ? true : undefined}
            aria-describedby={errors.contact_time ? `${id("contact_time")}-error` : undefined}
            className={selectClass}
          >
            {leadContactTimes.map((t) => (
              <option key={t} value={t}>
                {contactTimeLabels[t]}
              </option>
            ))}
          </select>
          <FieldError id={`${id("contact_time")}-error`} message={errors.contact_time} />
        </div>
      </div>
      <div className="space-y-1.5">
        <label className="flex items-start gap-3 text-sm leading-6">
          <input
            type="checkbox"
            name="consent"
            value="on"
            id={id("consent")}
            defaultChecked={draft.fields.consent === "on"}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={`${id("consent")}-text${errors.consent ? ` ${id("consent")}-error` : ""}`}
            className="mt-1 size-4 shrink-0 accent-primary-600"
          />
          <span id={`${id("consent")}-text`}>
            I agree that {site.name} passes my name, mobile number, email, province and this request to{" "}
            <strong>up to three dealers</strong> {tradeIn ? "buying used cars" : "selling these cars"} in my province (or to the {site.name} sales
            desk when none does), so that they can contact me with offers {tradeIn ? "for my car" : "for this car"}. My details are used for
            this request only. I can ask for them to be deleted at any time with the link in the confirmation email (POPIA).{" "}
            <a className="link" href={PRIVACY_PATH}>
              Privacy policy
            </a>
          </span>
        </label>
        <FieldError id={`${id("consent")}-error`} message={errors.consent} />
      </div>
    </div>
  );
}

export function LeadStepFields(props: LeadStepFieldsProps) {
  const { step, draft, errors, idPrefix } = props;
  if (step === 0) {
    return (
      <ChoiceGroup
        name="car_condition"
        legend="Car condition"
        options={entries(leadCarConditions, carConditionLabels)}
        value={draft.fields.car_condition}
        error={errors.car_condition}
        idPrefix={idPrefix}
      />
    );
  }
  if (step === 1) {
    return (
      <ChoiceGroup
        name="payment_method"
        legend="Payment method"
        options={entries(leadPaymentMethods, paymentMethodLabels)}
        value={draft.fields.payment_method}
        error={errors.payment_method}
        idPrefix={idPrefix}
      />
    );
  }
  if (step === 2) {
    return (
      <div className="space-y-6">
        <CarPicker {...props} />
        <BudgetFields draft={draft} errors={errors} idPrefix={idPrefix} />
      </div>
    );
  }
  return <LeadContactFields draft={draft} errors={errors} idPrefix={idPrefix} />;
}
