import type { FieldErrors } from "~/ui/form";
import { FieldError } from "~/ui/form";
import type { AdStepPage } from "../../ad-draft-page.server";
import { draftStepPath, PHOTO_REQUIRED_MESSAGE } from "../../ad-draft-steps";
import { AdPreview, MissingSteps } from "./ad-preview";
import { AdStepForm } from "./ad-step-form";
import { AdStepFrame } from "./ad-step-frame";
import { CarStep } from "./car-step";
import { ConditionStep } from "./condition-step";
import { PlaceStep } from "./place-step";
import { PriceStep } from "./price-step";
import { ContactStep, DescriptionStep } from "./text-steps";
import { PhotosStep } from "./photos-step";

// A step's page: the frame with the step indicator, and the step's own fields in its form.

interface AdStepAnswer {
  ok: false;
  fieldErrors?: FieldErrors;
  formError?: string;
  stepErrors?: Partial<Record<string, FieldErrors>>;
}

const intros: Partial<Record<AdStepPage["step"], string>> = {
  car: "Tell buyers which car you are selling. Your ad is saved at every step: you can come back to it at any time.",
  condition: "The figures buyers filter on first: mileage and service history.",
  price: "Your asking price. We compare it with similar cars for sale, so you can see how buyers will rate it.",
  place: "Where a buyer can come and see the car.",
  description: "In your own words. Keep your phone number for the contact step.",
  photos: "At least one photo, up to 20. The first one is the cover buyers see in the results.",
  contact: "How buyers reach you.",
  preview: "This is your ad as buyers will see it. Check it, then publish.",
};

export function AdStepPageView({ page, answer }: { page: AdStepPage; answer: AdStepAnswer | undefined }) {
  const { step, draftId, values } = page;
  const preview = page.preview;
  const stepErrors = answer?.stepErrors ?? preview?.stepErrors ?? {};
  const canPublish = preview?.ad !== null && preview !== undefined && Object.keys(stepErrors).length === 0;
  const intro = page.editing && step === "preview" ? "Your ad with your changes. Save them to update the ad." : intros[step];

  return (
    <AdStepFrame draftId={draftId} step={step} completed={page.completed} editing={page.editing} dealerName={page.dealerName} intro={intro}>
      {step === "photos" ? (
        <div className="mb-6">
          <PhotosStep draftId={draftId} photos={page.photos} returnTo={draftStepPath(draftId, "photos")} />
          <FieldError id="field-photos-error" message={answer?.fieldErrors?.photos} />
        </div>
      ) : null}
      {step === "preview" && preview ? (
        <div className="mb-6 space-y-6">
          <MissingSteps draftId={draftId} stepErrors={stepErrors} />
          {preview.ad ? <AdPreview preview={{ ...preview, ad: preview.ad }} /> : null}
        </div>
      ) : null}
      <AdStepForm
        step={step}
        serverErrors={step === "photos" ? undefined : answer?.fieldErrors}
        formError={answer?.formError ?? (step === "photos" && answer?.fieldErrors?.photos ? PHOTO_REQUIRED_MESSAGE : undefined)}
        continueLabel={step === "preview" ? (page.editing ? "Save changes" : "Publish my ad") : "Continue"}
        footer={
          step === "preview" && !canPublish ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">Complete the steps listed above, then publish.</p>
          ) : step === "preview" && !page.editing ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">Your ad stays online for 60 days; you can edit, renew or remove it at any time.</p>
          ) : null
        }
      >
        {(errors) =>
          step === "car" ? (
            <CarStep values={values} errors={errors} data={page.catalogue ?? { makes: [], models: [], variants: [] }} />
          ) : step === "condition" ? (
            <ConditionStep values={values} errors={errors} />
          ) : step === "price" ? (
            <PriceStep values={values} errors={errors} outlook={page.outlook ?? { kind: "unknown" }} />
          ) : step === "place" ? (
            <PlaceStep values={values} errors={errors} />
          ) : step === "description" ? (
            <DescriptionStep values={values} errors={errors} />
          ) : step === "contact" ? (
            <ContactStep values={values} errors={errors} dealerName={page.dealerName} />
          ) : null
        }
      </AdStepForm>
    </AdStepFrame>
  );
}
