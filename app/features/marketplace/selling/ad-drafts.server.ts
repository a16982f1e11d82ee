import { and, desc, eq, isNull } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { type FieldErrors, toFieldErrors } from "~/ui/form";
import { adDrafts, dealers } from "../../../../db/schema";
import { carPrefill, fillCarBlanks, fillConditionBlanks } from "./ad-car-prefill";
import { findCatalogueModel } from "./ad-catalogue.server";
import {
  type AdDraftStep,
  type AdFieldStep,
  adDraftSteps,
  type DraftFields,
  isFieldStep,
  nextStep,
  PHOTO_REQUIRED_MESSAGE,
  previousStep,
  STEP_NOT_FILLED_MESSAGE,
  type StepValues,
  valueOf,
} from "./ad-draft-steps";
import { adFormSteps, type AdStepInput } from "./ad-form-schema";
import type { PriceOutlook } from "../pricing/ad-price-outlook";
import type { AdDetail } from "../ad-page/ad-page.server";
import { MIN_COMPARABLES, median, priceRatingCodes, ratePrice } from "../pricing/price-rating";
import { comparablePrices } from "../pricing/comparables.server";
import type { AdPhoto } from "../types";

// The posting form's server-side drafts (ad_drafts): one per ad being written, or per ad being
// edited (ad_id set). Each step's fields are kept as typed, valid or not, so a reload or a lost
// connection loses nothing; a step is "completed" once its fields pass its schema. Publishing is
// in ad-draft-publish.server.ts.

export type AdDraft = typeof adDrafts.$inferSelect;

/** The user's draft; undefined when there is none with this id or it is someone else's. */
export async function sellerDraft(userId: string, draftId: number, executor: Executor = db()): Promise<AdDraft | undefined> {
  if (!Number.isSafeInteger(draftId) || draftId <= 0 || draftId > 2_147_483_647) return undefined;
  const [row] = await executor
    .select()
    .from(adDrafts)
    .where(and(eq(adDrafts.id, draftId), eq(adDrafts.userId, userId)))
    .limit(1);
  return row;
}

/**
 * The user's unfinished new-ad draft (the latest touched), else a new empty one: their own, or the
 * one they write for a dealer (the caller has checked that they act for it).
 */
export async function startDraft(userId: string, dealerId: number | null = null, executor: Executor = db()): Promise<AdDraft> {
  const [open] = await executor
    .select()
    .from(adDrafts)
    .where(and(eq(adDrafts.userId, userId), isNull(adDrafts.adId), dealerId === null ? isNull(adDrafts.dealerId) : eq(adDrafts.dealerId, dealerId)))
    .orderBy(desc(adDrafts.updatedAt), desc(adDrafts.id))
    .limit(1);
  if (open) return open;
  const [created] = await executor
    .insert(adDrafts)
    .values({ userId, dealerId, fields: dealerId === null ? {} : await dealerDraftFields(dealerId, executor) })
    .returning();
  return created!;
}

/** A dealer's new ad starts with the dealer's town and number, which most of its ads share. */
async function dealerDraftFields(dealerId: number, executor: Executor): Promise<DraftFields> {
  const [dealer] = await executor
    .select({ province: dealers.province, city: dealers.city, phone: dealers.phone })
    .from(dealers)
    .where(eq(dealers.id, dealerId))
    .limit(1);
  if (!dealer) return {};
  return {
    place: { province: dealer.province, city: dealer.city },
    ...(dealer.phone ? { contact: { phone: dealer.phone, showPhone: "yes" } } : {}),
  };
}

export type AdDraftValues = { [S in AdFieldStep]: AdStepInput<S> };

/** The ad's columns that are the seller's checked answers as they are (the preview and publishing share them). */
export function draftAdColumns(values: AdDraftValues) {
  const { car, condition, price, place, description } = values;
  return {
    variant: car.variant,
    year: car.year,
    mileageKm: condition.mileageKm,
    priceZar: price.priceZar,
    negotiable: price.negotiable,
    fuel: car.fuel,
    transmission: car.transmission,
    bodyType: car.bodyType,
    drive: car.drive,
    colour: condition.colour,
    engineCc: condition.engineCc,
    doors: condition.doors,
    seats: condition.seats,
    serviceHistory: condition.serviceHistory,
    previousOwners: condition.previousOwners,
    province: place.province,
    city: place.city,
    description: description.description,
    equipment: condition.equipment,
  };
}

interface ParsedDraft {
  /** Every step's values once all of them pass. */
  values?: AdDraftValues;
  errors: Partial<Record<AdFieldStep | "photos", FieldErrors>>;
}

/** One step's fields checked by its schema. */
function parseStep<S extends AdFieldStep>(step: S, values: StepValues | undefined): { ok: true; data: AdStepInput<S> } | { ok: false; errors: FieldErrors } {
  const result = adFormSteps[step].safeParse(values ?? {});
  return result.success ? { ok: true, data: result.data as AdStepInput<S> } : { ok: false, errors: toFieldErrors(result.error) };
}

/** Every step at once (publishing): the values, or each failing step's messages. */
export function parseDraft(draft: Pick<AdDraft, "fields" | "photos">): ParsedDraft {
  const fields = draft.fields as DraftFields;
  const errors: ParsedDraft["errors"] = {};
  const values: Partial<Record<AdFieldStep, unknown>> = {};
  for (const step of adDraftSteps) {
    if (step === "photos") {
      if (draft.photos.length === 0) errors.photos = { photos: PHOTO_REQUIRED_MESSAGE };
      continue;
    }
    if (!isFieldStep(step)) continue;
    // A step never saved is not done, even one whose fields are all optional (contact).
    if (fields[step] === undefined) {
      errors[step] = { step: STEP_NOT_FILLED_MESSAGE };
      continue;
    }
    const parsed = parseStep(step, fields[step]);
    if (parsed.ok) values[step] = parsed.data;
    else errors[step] = parsed.errors;
  }
  return Object.keys(errors).length ? { errors } : { errors, values: values as AdDraftValues };
}

type SaveStepResult =
  | { ok: true; next: AdDraftStep }
  | { ok: false; status: 400 | 404; fieldErrors: FieldErrors; values: StepValues };

/**
 * Saves a step's fields as typed. "continue" checks them with the step's schema: valid, the step
 * is completed and the next one follows; invalid, the messages (400) with the values kept. "back"
 * saves whatever was typed and goes to the previous step without complaining.
 */
export async function saveDraftStep(
  userId: string,
  draftId: number,
  step: AdDraftStep,
  typed: StepValues,
  intent: "continue" | "back" = "continue",
): Promise<SaveStepResult> {
  const draft = await sellerDraft(userId, draftId);
  if (!draft) return { ok: false, status: 404, fieldErrors: {}, values: typed };
  const back = previousStep(step) ?? step;

  if (!isFieldStep(step)) {
    if (intent === "back") return { ok: true, next: back };
    if (step === "photos" && draft.photos.length === 0) return { ok: false, status: 400, fieldErrors: { photos: PHOTO_REQUIRED_MESSAGE }, values: {} };
    if (step === "photos") await touchDraft(draft.id, draft.completedSteps.includes("photos") ? draft.completedSteps : [...draft.completedSteps, "photos"]);
    return { ok: true, next: nextStep(step) };
  }

  const fields = { ...(draft.fields as DraftFields) };
  let values = typed;
  if (step === "car") {
    // The catalogue's facts fill what the seller left blank (and engine, doors and seats ahead).
    const match = await findCatalogueModel(valueOf(typed, "make"), valueOf(typed, "model"));
    const prefill = carPrefill(match, { variant: valueOf(typed, "variant"), year: valueOf(typed, "year") });
    values = fillCarBlanks(typed, prefill);
    if (match) values = { ...values, make: match.make, model: match.model };
    if (prefill.engineCc !== undefined || prefill.doors !== undefined || prefill.seats !== undefined) fields.condition = fillConditionBlanks(fields.condition, prefill);
  }
  fields[step] = values;
  const parsed = parseStep(step, values);
  const completed = draft.completedSteps.filter((s) => s !== step);
  if (parsed.ok) completed.push(step);
  await db()
    .update(adDrafts)
    .set({ fields, completedSteps: completed, updatedAt: new Date() })
    .where(and(eq(adDrafts.id, draft.id), eq(adDrafts.userId, userId)));

  if (intent === "back") return { ok: true, next: back };
  if (!parsed.ok) return { ok: false, status: 400, fieldErrors: parsed.errors, values };
  return { ok: true, next: nextStep(step) };
}

async function touchDraft(draftId: number, completedSteps: string[]): Promise<void> {
  await db().update(adDrafts).set({ completedSteps, updatedAt: new Date() }).where(eq(adDrafts.id, draftId));
}

// ---------------------------------------------------------------------------------------------
// Comparables: what the stored price rating would compare the ad with (one query for every reader).

export { comparablePrices };

/** The draft's price outlook: the comparables' median once the car and its mileage are known. */
export async function draftPriceOutlook(draft: Pick<AdDraft, "fields" | "adId">): Promise<PriceOutlook> {
  const fields = draft.fields as DraftFields;
  const car = parseStep("car", fields.car);
  const condition = parseStep("condition", fields.condition);
  if (!car.ok || !condition.ok) return { kind: "unknown" };
  const match = await findCatalogueModel(car.data.make, car.data.model);
  const prices = await comparablePrices(
    db(),
    { modelId: match?.modelId ?? null, makeName: car.data.make, modelName: car.data.model, year: car.data.year, mileageKm: condition.data.mileageKm },
    draft.adId ?? undefined,
  );
  if (prices.length < MIN_COMPARABLES) return { kind: "few", comparables: prices.length };
  return { kind: "rated", median: Math.round(median(prices)), comparables: prices.length };
}

// ---------------------------------------------------------------------------------------------
// The preview: the ad as buyers will see it, before it is published.

export interface DraftPreview {
  /** The ad as its page shows it; null while a step still fails. */
  ad: AdDetail | null;
  photos: AdPhoto[];
  stepErrors: ParsedDraft["errors"];
  outlook: PriceOutlook;
  /** The number buyers may reveal, as stored (+27…), or null when none is shown. */
  shownPhone: string | null;
}

export async function draftPreview(draft: AdDraft): Promise<DraftPreview> {
  const parsed = parseDraft(draft);
  const outlook = await draftPriceOutlook(draft);
  const values = parsed.values;
  const title = values ? [String(values.car.year), values.car.make, values.car.model, values.car.variant].filter(Boolean).join(" ") : "Your car";
  const photos = draft.photos.map((p, i) => ({ storageKey: p.key, width: p.width, height: p.height, alt: `${title}, photo ${i + 1} of ${draft.photos.length}` }));
  if (!values) return { ad: null, photos, stepErrors: parsed.errors, outlook, shownPhone: null };
  const { car, price, contact } = values;
  const rating = outlook.kind === "rated" ? priceRatingCodes[ratePrice(price.priceZar, outlook.median)] : 0;
  return {
    ad: {
      id: draft.adId ?? 0,
      slug: "",
      status: "draft",
      title,
      makeName: car.make,
      modelName: car.model,
      ...draftAdColumns(values),
      // The preview shows the asked price alone; "Price reduced" appears once an edit is saved.
      previousPriceZar: null,
      priceRating: rating,
      isDemo: false,
      publishedAt: null,
      soldAt: null,
      viewCount: 0,
      hasPhone: contact.showPhone && contact.phone !== null,
    },
    photos,
    stepErrors: parsed.errors,
    outlook,
    shownPhone: contact.showPhone ? contact.phone : null,
  };
}
