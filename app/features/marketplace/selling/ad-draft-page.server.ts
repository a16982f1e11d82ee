import { type AdDraftStep, type DraftFields, isFieldStep, type StepValues, valueOf } from "./ad-draft-steps";
import { type AdDraft, draftPreview, draftPriceOutlook, type DraftPreview } from "./ad-drafts.server";
import { catalogueMakes, catalogueModelsOf, findCatalogueModel } from "./ad-catalogue.server";
import type { PriceOutlook } from "../pricing/ad-price-outlook";
import type { DraftPhoto } from "../../../../db/schema/marketplace";
import { eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { dealers } from "../../../../db/schema";

// What each step's page shows besides its saved fields: the catalogue's lists on the car step,
// the price outlook on the price step, the photos, the whole preview.

export interface AdStepPage {
  draftId: number;
  step: AdDraftStep;
  editing: boolean;
  /** The dealer the ad is written for, or null for a private seller's own ad. */
  dealerName: string | null;
  completed: string[];
  values: StepValues | undefined;
  photos: DraftPhoto[];
  catalogue?: { makes: string[]; models: string[]; variants: string[] };
  outlook?: PriceOutlook;
  preview?: DraftPreview;
}

export async function adStepPage(draft: AdDraft, step: AdDraftStep): Promise<AdStepPage> {
  const fields = draft.fields as DraftFields;
  const values = isFieldStep(step) ? fields[step] : undefined;
  const page: AdStepPage = {
    draftId: draft.id,
    step,
    editing: draft.adId !== null,
    dealerName: draft.dealerId === null ? null : await dealerNameOf(draft.dealerId),
    completed: draft.photos.length > 0 ? [...new Set([...draft.completedSteps, "photos"])] : draft.completedSteps.filter((s) => s !== "photos"),
    values,
    photos: draft.photos,
  };
  if (step === "car") {
    const make = valueOf(values, "make");
    const [makes, models, match] = await Promise.all([catalogueMakes(), catalogueModelsOf(make), findCatalogueModel(make, valueOf(values, "model"))]);
    page.catalogue = { makes, models, variants: match?.versions.map((v) => v.name) ?? [] };
  }
  if (step === "price") page.outlook = await draftPriceOutlook(draft);
  if (step === "preview") page.preview = await draftPreview(draft);
  return page;
}

async function dealerNameOf(dealerId: number): Promise<string | null> {
  const [row] = await db().select({ name: dealers.name }).from(dealers).where(eq(dealers.id, dealerId)).limit(1);
  return row?.name ?? null;
}
