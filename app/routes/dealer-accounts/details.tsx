import { ImageUp } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { requireDealerMember } from "~/features/dealer-accounts/membership.server";
import { dealerDetailsAction, type DetailsActionResult } from "~/features/dealers/dealer-details-action.server";
import {
  type DealerDetailsForm,
  DESCRIPTION_MAX,
  type DetailsErrors,
  type DetailsField,
  detailsFormOf,
  hoursDayLabels,
  hoursDays,
  MAX_DEALER_BRANDS,
} from "~/features/dealers/dealer-details-rules";
import { dealerDetailsForEditing } from "~/features/dealers/dealer-details.server";
import { dealerServiceLabels } from "~/features/dealers/dealer-labels";
import { photoSrcSet, photoUrl } from "~/features/marketplace/photos";
import { PHOTO_RULES } from "~/features/marketplace/selling/photo-rules";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { FieldError, FormErrorSummary, FormSuccess, SubmitButton, TextAreaField, TextField } from "~/ui/form";
import { dealerServices } from "../../../db/schema/vocabulary";
import type { Route } from "./+types/details";

// /mon-compte/concession/{dealerId}/fiche: the owner edits what the dealer's public page shows:
// phone, website, hours, brands, services, description and logo. The rules are the dealer
// importer's (dealer-details-rules.ts); plain POST forms, so it all works without scripts.

export async function loader({ request, params }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const dealerId = parseNumericId(params.dealerId, pathname);
  await requireDealerMember(request, dealerId, "details");
  const found = await dealerDetailsForEditing(dealerId);
  if (!found) routeNotFound(pathname);
  const { details, brands } = found;
  return { form: detailsFormOf(details), logoKey: details.logoKey, franchise: details.kind === "franchise" || details.sellsNew, brands };
}

export async function action({ request, params }: Route.ActionArgs) {
  return dealerDetailsAction(request, parseNumericId(params.dealerId, new URL(request.url).pathname));
}

const fieldIdOf = (name: string) => `details-${name}`;

function LogoCard({ logoKey, answer }: { logoKey: string | null; answer?: DetailsActionResult }) {
  const navigation = useNavigation();
  const error = answer && !answer.ok && answer.intent === "logo" ? answer.errors?.logo : undefined;
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  return (
    <section aria-labelledby="logo-heading" className="card flex flex-col gap-4 p-5">
      <h2 id="logo-heading" className="flex items-center gap-2 text-lg font-bold">
        <ImageUp aria-hidden="true" className="size-5 text-primary-600 dark:text-primary-400" strokeWidth={1.75} />
        Logo
      </h2>
      {logoKey ? (
        <img
          src={photoUrl(logoKey, 320)}
          srcSet={photoSrcSet(logoKey, 640)}
          sizes="16rem"
          width={320}
          height={240}
          alt="Your current logo"
          className="aspect-[4/3] w-64 rounded-lg bg-white object-contain ring-1 ring-slate-200 dark:ring-slate-700"
          data-testid="current-logo"
        />
      ) : (
        <p className="text-slate-700 dark:text-slate-300">No logo yet: your page and directory card show your name only.</p>
      )}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
        <div className="space-y-1.5">
          <label htmlFor={fieldIdOf("logo")} className="block text-sm font-semibold">
            {logoKey ? "Replace the logo" : "Upload a logo"}
          </label>
          <input
            id={fieldIdOf("logo")}
            name="logo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldIdOf("logo")}-hint${error ? ` ${fieldIdOf("logo")}-error` : ""}`}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold dark:file:bg-slate-800"
          />
          <p id={`${fieldIdOf("logo")}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            A JPEG, PNG or WebP picture of at least {PHOTO_RULES.minWidth} × {PHOTO_RULES.minHeight} pixels, up to 15 MB. It is shown in a 4:3
            frame: leave a margin around the logo.
          </p>
          <FieldError id={`${fieldIdOf("logo")}-error`} message={error} />
        </div>
        <SubmitButton pending={uploading} pendingLabel="Uploading…" className="btn-secondary">
          Upload the logo
        </SubmitButton>
      </Form>
      {logoKey ? (
        <Form method="post">
          <input type="hidden" name="intent" value="remove-logo" />
          <button type="submit" className="text-sm font-semibold text-rose-700 hover:underline dark:text-rose-400">
            Remove the logo
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function CheckboxGroup({
  legend,
  hint,
  name,
  options,
  checked,
  error,
  columns,
}: {
  legend: string;
  hint?: string;
  name: DetailsField;
  options: { value: string; label: string }[];
  checked: string[];
  error?: string;
  columns: string;
}) {
  const hintId = hint ? `${fieldIdOf(name)}-hint` : undefined;
  const errorId = error ? `${fieldIdOf(name)}-error` : undefined;
  return (
    <fieldset id={fieldIdOf(name)} tabIndex={-1} aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <div className={`mt-2 grid gap-x-4 gap-y-1 ${columns}`}>
        {options.map((option) => (
          <label key={option.value} className="flex min-h-9 items-center gap-2.5">
            <input type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} className="size-4" />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function DetailsFormCard({ values, errors, brands, franchise, formError, saved }: {
  values: DealerDetailsForm;
  errors: DetailsErrors;
  brands: { id: number; name: string }[];
  franchise: boolean;
  formError?: string;
  saved: boolean;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  return (
    <Form method="post" noValidate className="card flex flex-col gap-5 p-5" aria-labelledby="details-heading" key={saved ? "saved" : "form"}>
      <h2 id="details-heading" className="text-lg font-bold">
        What your page shows
      </h2>
      <FormErrorSummary formError={formError} errors={errors} idFor={fieldIdOf} />
      <input type="hidden" name="intent" value="details" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={fieldIdOf("phone")} label="Phone" name="phone" type="tel" autoComplete="off" optional defaultValue={values.phone} hint="A South African number, like 011 555 0123." error={errors.phone} />
        <TextField id={fieldIdOf("website")} label="Website" name="website" type="url" inputMode="url" autoComplete="off" optional maxLength={200} defaultValue={values.website} hint="Like www.example.co.za." error={errors.website} />
      </div>
      <TextAreaField
        id={fieldIdOf("description")}
        label="Description"
        name="description"
        optional
        maxLength={DESCRIPTION_MAX}
        defaultValue={values.description}
        hint={`Plain text, up to ${DESCRIPTION_MAX} characters: what you sell, your team, what makes you worth the drive.`}
        error={errors.description}
      />
      <fieldset>
        <legend className="text-sm font-semibold">Opening hours</legend>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" id="hours-hint">
          South African time, like 08:00-17:00 or 08:00-12:30, 13:30-17:00; write closed or 24h. An empty day is closed; leave every day
          empty to show no hours.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {hoursDays.map((day) => (
            <TextField
              key={day}
              id={fieldIdOf(`hours_${day}`)}
              label={hoursDayLabels[day]}
              name={`hours_${day}`}
              optional
              maxLength={80}
              autoComplete="off"
              defaultValue={values.hours[day]}
              error={errors[`hours_${day}`]}
              aria-describedby="hours-hint"
            />
          ))}
        </div>
      </fieldset>
      <CheckboxGroup
        legend="Services"
        name="services"
        options={dealerServices.map((s) => ({ value: s, label: dealerServiceLabels[s] }))}
        checked={values.services}
        error={errors.services}
        columns="grid-cols-2 sm:grid-cols-4"
      />
      <CheckboxGroup
        legend="Brands"
        hint={`Up to ${MAX_DEALER_BRANDS}.${franchise ? " A franchise or new-car dealer keeps at least one: the brands it sells." : ""}`}
        name="brands"
        options={brands.map((b) => ({ value: String(b.id), label: b.name }))}
        checked={values.brandIds}
        error={errors.brands}
        columns="grid-cols-2 sm:grid-cols-3 lg:grid-cols-4"
      />
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Save the details
      </SubmitButton>
    </Form>
  );
}

export default function DealerDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as DetailsActionResult | undefined;
  const failed = answer && !answer.ok && answer.intent === "details" ? answer : undefined;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight">Dealer details</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">What shoppers see on your public page and your directory card.</p>
      </div>
      {answer?.ok ? <FormSuccess>{answer.notice}</FormSuccess> : null}
      {answer && !answer.ok && answer.intent === "remove-logo" ? <FormErrorSummary formError={answer.formError} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <DetailsFormCard
          values={failed?.values ?? loaderData.form}
          errors={failed?.errors ?? {}}
          formError={failed?.formError}
          brands={loaderData.brands}
          franchise={loaderData.franchise}
          saved={answer?.ok === true && answer.intent === "details"}
        />
        <LogoCard logoKey={loaderData.logoKey} answer={answer} />
      </div>
    </div>
  );
}
