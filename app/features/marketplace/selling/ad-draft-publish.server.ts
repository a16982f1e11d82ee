import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { mayActForDealer } from "~/features/dealer-accounts/membership.server";
import { db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import type { FieldErrors } from "~/ui/form";
import { adDrafts, usedAdPhotos, usedAdPrices, usedAds } from "../../../../db/schema";
import type { DraftPhoto } from "../../../../db/schema/marketplace";
import { slugify } from "../../../../db/seed/slug";
import { findCatalogueModel } from "./ad-catalogue.server";
import type { AdFieldStep, DraftFields, StepValues } from "./ad-draft-steps";
import { type AdDraftValues, comparablePrices, draftAdColumns, parseDraft, sellerDraft } from "./ad-drafts.server";
import { priceRatingCodes, priceRatingOf } from "../pricing/price-rating";
import { refreshPriceRatings } from "../pricing/price-ratings.server";
import { markSearchIndexStale } from "../search/search-index.server";
import { assertRoomForDealerAd, assertRoomForLiveAd, SellingRefused } from "./seller-limits.server";
import { adUrl } from "../urls";

// Publishing a draft: a new ad (used_ads with its photos and first asked price, in one
// transaction, within the private seller's limit of live ads), or the saved changes of an edit
// draft (a lower price keeps the old one as "previous", the photos are replaced). The draft row
// goes in the same transaction. Ratings of the model's ads and the search index follow the commit.
// A draft written for a dealer (ad_drafts.dealer_id) publishes the dealer's ad: no user owns it,
// the writer must still act for the dealer, and the dealer's own limit and stock numbers apply.

const LISTING_DAYS = 60;
const DAY_MS = 86_400_000;
/** The ad states an edit may start from (a sold or removed ad is history). */
// An ad under review can be corrected by its seller; it stays under review (status is not written).
const EDITABLE = ["published", "paused", "expired", "under_review"] as const;

type PublishResult =
  | { ok: true; adId: number; path: string; edited: boolean }
  | { ok: false; status: 400 | 404 | 409; formError?: string; stepErrors: Partial<Record<AdFieldStep | "photos", FieldErrors>> };

type AdFields = Omit<typeof usedAds.$inferInsert, "id" | "status" | "sellerKind" | "sellerUserId" | "createdAt">;

/** The ad's columns from the draft's checked values (catalogue ids when the make and model are in it). */
async function adFields(values: AdDraftValues, photoCount: number, forDealer: boolean): Promise<AdFields> {
  const { car, contact } = values;
  const match = await findCatalogueModel(car.make, car.model);
  const makeName = match?.make ?? car.make;
  const modelName = match?.model ?? car.model;
  const title = [String(car.year), makeName, modelName, car.variant].filter(Boolean).join(" ");
  return {
    brandId: match?.brandId ?? null,
    modelId: match?.modelId ?? null,
    makeName,
    modelName,
    title,
    slug: slugify(title) || "car",
    ...draftAdColumns(values),
    phone: contact.phone,
    showPhone: contact.showPhone && contact.phone !== null,
    // Only a dealer's ad carries a stock number (a private seller's form does not ask for one).
    stockNumber: forDealer ? contact.stockNumber : null,
    photoCount,
  };
}

const stockNumberTaken = (stockNumber: string) =>
  `Another ad of your dealership already has the stock number ${stockNumber}. Give this car its own number, or edit that ad instead.`;

/** A dealer's stock number names one of its ads (sold and expired ones included), as the feed's key. */
async function assertStockNumberFree(executor: Executor, dealerId: number, stockNumber: string | null | undefined, exceptAdId?: number): Promise<void> {
  if (!stockNumber) return;
  const [other] = await executor
    .select({ id: usedAds.id })
    .from(usedAds)
    .where(and(eq(usedAds.dealerId, dealerId), eq(usedAds.stockNumber, stockNumber), exceptAdId === undefined ? undefined : ne(usedAds.id, exceptAdId)))
    .limit(1);
  if (other) throw new SellingRefused(stockNumberTaken(stockNumber));
}

/** The ad's own price rating against the comparables (kept on the ad, as the refresh would). */
async function ownRating(executor: Executor, ad: AdFields, exceptAdId?: number) {
  const prices = await comparablePrices(executor, { modelId: ad.modelId ?? null, makeName: ad.makeName, modelName: ad.modelName, year: ad.year, mileageKm: ad.mileageKm }, exceptAdId);
  const rated = priceRatingOf(ad.priceZar, prices);
  return rated
    ? { priceRating: priceRatingCodes[rated.rating], ratingMedian: rated.median, ratingComparables: Math.min(rated.comparables, 32_767) }
    : { priceRating: 0, ratingMedian: null, ratingComparables: null };
}

async function writePhotos(executor: Executor, adId: number, title: string, photos: readonly DraftPhoto[]): Promise<void> {
  await executor.delete(usedAdPhotos).where(eq(usedAdPhotos.adId, adId));
  if (photos.length === 0) return;
  await executor.insert(usedAdPhotos).values(
    photos.map((p, position) => ({ adId, position, storageKey: p.key, width: p.width, height: p.height, alt: `${title}, photo ${position + 1} of ${photos.length}` })),
  );
}

/** The other ads of the models touched are re-rated (this ad is one of their comparables now). */
async function afterCommit(modelIds: (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(modelIds.filter((id): id is number => typeof id === "number"))];
  if (ids.length) {
    try {
      await refreshPriceRatings(db(), { modelIds: ids });
    } catch (error) {
      // The ad is published with its own rating; the others catch up at the next refresh.
      logger.warn({ err: { message: (error as Error).message }, modelIds: ids }, "price ratings refresh after publishing failed");
    }
  }
  markSearchIndexStale();
}

/**
 * Publishes the user's draft: every step is checked at once (each failing step's messages, 400),
 * then one transaction writes the ad and deletes the draft. An edit draft updates its ad instead.
 */
export async function publishDraft(userId: string, draftId: number, options: { now?: Date } = {}): Promise<PublishResult> {
  const now = options.now ?? new Date();
  const draft = await sellerDraft(userId, draftId);
  if (!draft) return { ok: false, status: 404, stepErrors: {} };
  const parsed = parseDraft(draft);
  if (!parsed.values) return { ok: false, status: 400, stepErrors: parsed.errors };
  const dealerId = draft.dealerId;
  const fields = await adFields(parsed.values, draft.photos.length, dealerId !== null);

  if (draft.adId !== null) return saveEdit(userId, draft.id, draft.adId, dealerId, fields, draft.photos, now);

  try {
    const adId = await db().transaction(async (tx) => {
      if (dealerId === null) await assertRoomForLiveAd(userId, tx);
      else {
        await assertRoomForDealerAd(userId, dealerId, tx);
        await assertStockNumberFree(tx, dealerId, fields.stockNumber);
      }
      const rating = await ownRating(tx, fields);
      const [ad] = await tx
        .insert(usedAds)
        .values({
          ...fields,
          ...rating,
          status: "published",
          sellerKind: dealerId === null ? "private" : "dealer",
          sellerUserId: dealerId === null ? userId : null,
          dealerId,
          publishedAt: now,
          expiresAt: new Date(now.getTime() + LISTING_DAYS * DAY_MS),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: usedAds.id });
      await writePhotos(tx, ad!.id, fields.title, draft.photos);
      await tx.insert(usedAdPrices).values({ adId: ad!.id, priceZar: fields.priceZar, changedAt: now });
      // Another tab may have published this draft meanwhile: then nothing is written twice.
      const gone = await tx.delete(adDrafts).where(and(eq(adDrafts.id, draft.id), eq(adDrafts.userId, userId))).returning({ id: adDrafts.id });
      if (gone.length === 0) throw new DraftGone();
      return ad!.id;
    });
    await afterCommit([fields.modelId]);
    return { ok: true, adId, path: adUrl({ id: adId, slug: fields.slug }), edited: false };
  } catch (error) {
    if (error instanceof SellingRefused) return { ok: false, status: 409, formError: error.message, stepErrors: {} };
    if (error instanceof DraftGone) return { ok: false, status: 404, stepErrors: {} };
    throw error;
  }
}

class DraftGone extends Error {}

/** Whose ad an edit may change: the user's own private ad, or an ad of a dealer they act for (checked by the caller). */
const editableBy = (userId: string, dealerId: number | null) =>
  dealerId === null ? and(eq(usedAds.sellerUserId, userId), eq(usedAds.sellerKind, "private")) : eq(usedAds.dealerId, dealerId);

async function saveEdit(userId: string, draftId: number, adId: number, dealerId: number | null, fields: AdFields, photos: DraftPhoto[], now: Date): Promise<PublishResult> {
  try {
    const result = await db().transaction(async (tx) => {
      if (dealerId !== null) {
        if (!(await mayActForDealer(userId, dealerId, "stock", tx))) return undefined;
        await assertStockNumberFree(tx, dealerId, fields.stockNumber, adId);
      }
      const [current] = await tx
        .select({ id: usedAds.id, priceZar: usedAds.priceZar, previousPriceZar: usedAds.previousPriceZar, modelId: usedAds.modelId })
        .from(usedAds)
        .where(and(eq(usedAds.id, adId), editableBy(userId, dealerId), inArray(usedAds.status, [...EDITABLE])))
        .for("update");
      if (!current) return undefined;
      const rating = await ownRating(tx, fields, adId);
      const priceMoved = fields.priceZar !== current.priceZar;
      // "Price reduced" shows the price before the latest reduction; a rise clears it.
      const previousPriceZar = !priceMoved ? current.previousPriceZar : fields.priceZar < current.priceZar ? current.priceZar : null;
      await tx
        .update(usedAds)
        .set({ ...fields, ...rating, previousPriceZar, updatedAt: now })
        .where(eq(usedAds.id, adId));
      if (priceMoved) await tx.insert(usedAdPrices).values({ adId, priceZar: fields.priceZar, changedAt: now });
      await writePhotos(tx, adId, fields.title, photos);
      const gone = await tx.delete(adDrafts).where(and(eq(adDrafts.id, draftId), eq(adDrafts.userId, userId))).returning({ id: adDrafts.id });
      if (gone.length === 0) throw new DraftGone();
      return { oldModelId: current.modelId };
    });
    if (!result) return { ok: false, status: 404, stepErrors: {} };
    await afterCommit([result.oldModelId, fields.modelId]);
    return { ok: true, adId, path: adUrl({ id: adId, slug: fields.slug }), edited: true };
  } catch (error) {
    if (error instanceof SellingRefused) return { ok: false, status: 409, formError: error.message, stepErrors: {} };
    if (error instanceof DraftGone) return { ok: false, status: 404, stepErrors: {} };
    throw error;
  }
}

/** An ad's fields as the form's steps show them (strings as typed). */
function adAsStepValues(ad: typeof usedAds.$inferSelect): DraftFields {
  const text = (n: number | null) => (n === null ? "" : String(n));
  const car: StepValues = {
    make: ad.makeName,
    model: ad.modelName,
    variant: ad.variant,
    year: String(ad.year),
    bodyType: ad.bodyType,
    fuel: ad.fuel,
    transmission: ad.transmission,
    drive: ad.drive,
  };
  return {
    car,
    condition: {
      mileageKm: String(ad.mileageKm),
      serviceHistory: ad.serviceHistory,
      previousOwners: text(ad.previousOwners),
      colour: ad.colour,
      engineCc: text(ad.engineCc),
      doors: text(ad.doors),
      seats: text(ad.seats),
      equipment: ad.equipment,
    },
    price: { priceZar: String(ad.priceZar), ...(ad.negotiable ? { negotiable: "yes" } : {}) },
    place: { province: ad.province, city: ad.city },
    description: { description: ad.description },
    contact: { phone: ad.phone ?? "", ...(ad.showPhone ? { showPhone: "yes" } : {}), ...(ad.stockNumber ? { stockNumber: ad.stockNumber } : {}) },
  };
}

/**
 * The edit draft of the user's own ad, or of an ad of a dealer they act for (published, paused or
 * expired): the one already open, else a copy of the ad and its photos. Undefined when the ad is
 * not theirs to edit or cannot be edited.
 */
export async function startEditDraft(userId: string, adId: number): Promise<typeof adDrafts.$inferSelect | undefined> {
  if (!Number.isSafeInteger(adId) || adId <= 0 || adId > 2_147_483_647) return undefined;
  return db().transaction(async (tx) => {
    const [ad] = await tx
      .select()
      .from(usedAds)
      .where(and(eq(usedAds.id, adId), inArray(usedAds.status, [...EDITABLE])))
      .limit(1);
    if (!ad) return undefined;
    const mayEdit =
      ad.sellerKind === "dealer" ? ad.dealerId !== null && (await mayActForDealer(userId, ad.dealerId, "stock", tx)) : ad.sellerUserId === userId;
    if (!mayEdit) return undefined;
    const [open] = await tx.select().from(adDrafts).where(eq(adDrafts.adId, adId)).limit(1);
    if (open && open.userId !== userId && ad.sellerKind === "dealer") {
      // A colleague left this dealer ad's edit open: the member editing now takes it over.
      const [taken] = await tx.update(adDrafts).set({ userId, updatedAt: new Date() }).where(eq(adDrafts.id, open.id)).returning();
      return taken;
    }
    if (open) return open.userId === userId ? open : undefined;
    const photos = await tx
      .select({ key: usedAdPhotos.storageKey, width: usedAdPhotos.width, height: usedAdPhotos.height })
      .from(usedAdPhotos)
      .where(eq(usedAdPhotos.adId, adId))
      .orderBy(asc(usedAdPhotos.position));
    const [created] = await tx
      .insert(adDrafts)
      .values({
        userId,
        adId,
        dealerId: ad.sellerKind === "dealer" ? ad.dealerId : null,
        fields: adAsStepValues(ad),
        completedSteps: ["car", "condition", "price", "place", "description", "photos", "contact"],
        photos,
      })
      .onConflictDoNothing()
      .returning();
    // Two tabs at once: the other one's draft is the edit.
    return created ?? (await tx.select().from(adDrafts).where(eq(adDrafts.adId, adId)).limit(1))[0];
  });
}
