import { SELL_PATH } from "../urls";

// The posting form's steps, their order and the fields each one posts, without the validation
// library (the rules are in ad-form-schema.ts, which the browser loads on first use). The server
// keeps each step's fields as typed in the draft (ad_drafts.fields), so a reload loses nothing.

export const adDraftSteps = ["car", "condition", "price", "place", "description", "photos", "contact", "preview"] as const;
export type AdDraftStep = (typeof adDraftSteps)[number];
/** The steps with fields of their own (photos have their own upload, the preview only publishes). */
export type AdFieldStep = Exclude<AdDraftStep, "photos" | "preview">;

export const adDraftStepLabels: Record<AdDraftStep, string> = {
  car: "Car",
  condition: "Condition",
  price: "Price",
  place: "Location",
  description: "Description",
  photos: "Photos",
  contact: "Contact",
  preview: "Preview",
};

/** The fields each step posts; `equipment` is a list (one checkbox per item). */
const adStepFields = {
  car: ["make", "model", "variant", "year", "bodyType", "fuel", "transmission", "drive"],
  condition: ["mileageKm", "serviceHistory", "previousOwners", "colour", "engineCc", "doors", "seats", "equipment"],
  price: ["priceZar", "negotiable"],
  place: ["province", "city"],
  description: ["description"],
  contact: ["showPhone", "phone", "stockNumber"],
} as const satisfies Record<AdFieldStep, readonly string[]>;

const LIST_FIELDS = new Set(["equipment"]);
const MAX_VALUE = 10_000;
const MAX_ITEMS = 100;

export type StepValues = Record<string, string | string[]>;
export type DraftFields = Partial<Record<AdFieldStep, StepValues>>;

export const isAdDraftStep = (value: unknown): value is AdDraftStep => typeof value === "string" && (adDraftSteps as readonly string[]).includes(value);
export const isFieldStep = (step: AdDraftStep): step is AdFieldStep => step !== "photos" && step !== "preview";

/** A step's fields from a posted form, as typed (bounded, so a draft cannot grow without limit). */
export function stepValues(step: AdFieldStep, form: FormData): StepValues {
  const out: StepValues = {};
  for (const name of adStepFields[step]) {
    if (LIST_FIELDS.has(name)) {
      out[name] = form
        .getAll(name)
        .filter((v): v is string => typeof v === "string")
        .slice(0, MAX_ITEMS)
        .map((v) => v.slice(0, MAX_VALUE));
      continue;
    }
    const value = form.get(name);
    if (typeof value === "string") out[name] = value.slice(0, MAX_VALUE);
  }
  return out;
}

/** One value of a step as a string (the form's default value). */
export const valueOf = (values: StepValues | undefined, name: string): string => {
  const v = values?.[name];
  return typeof v === "string" ? v : "";
};

export function stepIndex(step: AdDraftStep): number {
  return adDraftSteps.indexOf(step);
}
export const nextStep = (step: AdDraftStep): AdDraftStep => adDraftSteps[Math.min(stepIndex(step) + 1, adDraftSteps.length - 1)]!;
export const previousStep = (step: AdDraftStep): AdDraftStep | undefined => adDraftSteps[stepIndex(step) - 1];

/** "Step 2 of 8 · Condition". */
export const stepHeading = (step: AdDraftStep): string => `Step ${stepIndex(step) + 1} of ${adDraftSteps.length} · ${adDraftStepLabels[step]}`;

export const draftStepPath = (draftId: number, step: AdDraftStep): string => `${SELL_PATH}/${draftId}/${step}`;
/** The browser's catalogue lookups for the car step (models of a make, a model's versions). */
export const SELL_CATALOGUE_PATH = `${SELL_PATH}/catalogue.json`;

/** The first step a seller has not completed (the preview once every other one is). */
export function firstOpenStep(completed: readonly string[], hasPhotos: boolean): AdDraftStep {
  for (const step of adDraftSteps) {
    if (step === "preview") return step;
    if (step === "photos" ? !hasPhotos : !completed.includes(step)) return step;
  }
  return "preview";
}

export const PHOTO_REQUIRED_MESSAGE = "Please add at least one photo: ads with photos are the ones buyers open";
export const STEP_NOT_FILLED_MESSAGE = "This step is not filled in yet";
export const PUBLISHED_NOTICE_PARAM = "annonce";

/** The notice on the ad page after publishing (?annonce=publiee) or saving an edit (?annonce=modifiee). */
export function publishedNotice(value: string | null): string | null {
  if (value === "publiee") return "Your ad is online. Buyers can find it in the search within a few seconds.";
  if (value === "modifiee") return "Your changes are saved.";
  return null;
}
