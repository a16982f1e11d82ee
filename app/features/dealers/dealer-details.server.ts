import { asc, eq, inArray, sql } from "drizzle-orm";
import { PhotoRejected, storeUploadedPhoto, uploadedPhotoKey } from "~/features/marketplace/selling/photo-upload.server";
import { photoRefusalStatus } from "~/features/marketplace/selling/photo-rules";
import { bumpRevision, invalidate } from "~/lib/cache.server";
import { db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { storage as defaultStorage, type Storage, StorageUnavailableError } from "~/lib/storage.server";
import { brands, dealerBrands, dealers, uploadedPhotos } from "../../../db/schema";
import type { DealerService, OpeningHours } from "../../../db/schema/vocabulary";
import { type DealerDetailsInput, type DetailsErrors } from "./dealer-details-rules";
import { dealerRuleIssues } from "./import";

// The owner's writes to a dealer's public details (issue 46). The dealer page is public and
// cached (dealer-page.server.ts: one entry per dealer under the "dealers" tag, and the rendered-page
// cache told by invalidate): a write moves updated_at, bumps the "dealers" revision in its
// transaction for the other processes, and drops this process's copies once it commits.

export interface DealerDetailsRecord {
  kind: "franchise" | "independent";
  sellsNew: boolean;
  phone: string | null;
  website: string | null;
  openingHours: OpeningHours | null;
  services: DealerService[];
  description: string;
  logoKey: string | null;
  brandIds: number[];
}

export interface CatalogueBrand {
  id: number;
  name: string;
}

/** The dealer's current details, and the catalogue's brands to choose from. */
export async function dealerDetailsForEditing(dealerId: number): Promise<{ details: DealerDetailsRecord; brands: CatalogueBrand[] } | null> {
  const [[dealer], brandRows, allBrands] = await Promise.all([
    db()
      .select({
        kind: dealers.kind,
        sellsNew: dealers.sellsNew,
        phone: dealers.phone,
        website: dealers.website,
        openingHours: dealers.openingHours,
        services: dealers.services,
        description: dealers.description,
        logoKey: dealers.logoKey,
      })
      .from(dealers)
      .where(eq(dealers.id, dealerId))
      .limit(1),
    db().select({ id: dealerBrands.brandId }).from(dealerBrands).where(eq(dealerBrands.dealerId, dealerId)),
    db().select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
  ]);
  if (!dealer) return null;
  return { details: { ...dealer, brandIds: brandRows.map((b) => b.id) }, brands: allBrands };
}

/** The write's bookkeeping: the page's cached copies go, here at once and elsewhere by revision. */
async function touchDealer(tx: Executor, dealerId: number, values: Partial<typeof dealers.$inferInsert>): Promise<void> {
  await tx.update(dealers).set({ ...values, updatedAt: sql`now()` }).where(eq(dealers.id, dealerId));
  await bumpRevision(tx, "dealers");
}

/**
 * Saves checked details (checkDealerDetails) after the rules on the stored dealer: the brands
 * must be the catalogue's, and a franchise or new-car dealer keeps at least one (dealerRuleIssues,
 * as for an import). All or nothing.
 */
export async function saveDealerDetails(dealerId: number, input: DealerDetailsInput): Promise<{ ok: true } | { ok: false; errors: DetailsErrors }> {
  const outcome = await db().transaction(async (tx): Promise<{ ok: true } | { ok: false; errors: DetailsErrors }> => {
    const [dealer] = await tx
      .select({ kind: dealers.kind, sellsNew: dealers.sellsNew, sellsUsed: dealers.sellsUsed })
      .from(dealers)
      .where(eq(dealers.id, dealerId))
      .for("update");
    if (!dealer) return { ok: false, errors: { brands: "This dealer no longer exists." } };
    const known = input.brandIds.length ? await tx.select({ id: brands.id }).from(brands).where(inArray(brands.id, input.brandIds)) : [];
    if (known.length !== input.brandIds.length) return { ok: false, errors: { brands: "Brands: choose brands from the list." } };
    const issues = dealerRuleIssues({ ...dealer, brandCount: known.length });
    if (issues.length) {
      const brandIssue = issues.find((i) => i.column === "brands");
      // Kind and what it sells are not the owner's to change here: only the brands can answer the rule.
      return { ok: false, errors: { brands: `Brands: ${(brandIssue ?? issues[0]!).message}.` } };
    }
    await touchDealer(tx, dealerId, {
      phone: input.phone,
      website: input.website,
      openingHours: input.openingHours,
      services: input.services,
      description: input.description,
    });
    await tx.delete(dealerBrands).where(eq(dealerBrands.dealerId, dealerId));
    if (input.brandIds.length) await tx.insert(dealerBrands).values(input.brandIds.map((brandId) => ({ dealerId, brandId })));
    return { ok: true };
  });
  if (outcome.ok) invalidate("dealers");
  return outcome;
}

export type LogoOutcome = { ok: true; key: string } | { ok: false; status: 400 | 413 | 415 | 503; message: string };

export const LOGO_STORE_DOWN = "The logo could not be saved just now: please try again in a few minutes.";

/**
 * Stores an uploaded logo through the photo pipeline (type read from the bytes, pixel limit,
 * upright, no metadata, WebP renditions) and makes it the dealer's. Its key is written in the
 * upload ledger too, so a logo replaced later is collected by the storage cleanup once nothing
 * refers to it (the cleanup keeps keys a dealer's logo_key names).
 */
export async function setDealerLogo(dealerId: number, userId: string, bytes: Buffer, store: Storage = defaultStorage()): Promise<LogoOutcome> {
  const key = uploadedPhotoKey(bytes);
  // The ledger row first, as for an ad's photo: files a crash leaves behind are then an abandoned upload.
  await db()
    .insert(uploadedPhotos)
    .values({ storageKey: key, userId, width: 0, height: 0 })
    .onConflictDoUpdate({ target: uploadedPhotos.storageKey, set: { createdAt: sql`now()` } });
  let stored;
  try {
    stored = await storeUploadedPhoto(store, bytes);
  } catch (error) {
    if (error instanceof PhotoRejected) {
      return { ok: false, status: photoRefusalStatus(error.message), message: error.message.replace(/\bphoto\b/g, "picture") };
    }
    if (error instanceof StorageUnavailableError) {
      logger.error({ err: { message: error.message }, key }, "dealer logo refused: the file store cannot take files");
      return { ok: false, status: 503, message: LOGO_STORE_DOWN };
    }
    throw error;
  }
  await db().transaction(async (tx) => {
    await tx.update(uploadedPhotos).set({ width: stored.width, height: stored.height }).where(eq(uploadedPhotos.storageKey, stored.key));
    await touchDealer(tx, dealerId, { logoKey: stored.key });
  });
  invalidate("dealers");
  return { ok: true, key: stored.key };
}

/** The dealer shows no logo any more (the files go with the next cleanup, unless an ad uses the same picture). */
export async function removeDealerLogo(dealerId: number): Promise<void> {
  await db().transaction((tx) => touchDealer(tx, dealerId, { logoKey: null }));
  invalidate("dealers");
}
