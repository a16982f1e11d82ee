// Sellers and empty posting drafts for the selling journeys' photo checks, written into the fresh
// e2e database before the server starts (the journeys post photos to drafts with known ids).
import type { DatabaseHandle } from "../../app/lib/db.server";
import { adDrafts, users } from "../../db/schema";
import { E2E_OTHER_SELLER, E2E_PHOTO_DRAFTS, E2E_PHOTO_SELLER } from "./e2e-selling-data";
import { insertSignInAccount } from "./route-calls";

export async function writeSellingFixtures(handle: DatabaseHandle): Promise<void> {
  const now = new Date();
  await handle.db.transaction(async (tx) => {
    await insertSignInAccount(tx, { ...E2E_PHOTO_SELLER, createdAt: now });
    await tx.insert(users).values({ id: E2E_OTHER_SELLER.id, name: E2E_OTHER_SELLER.name, email: E2E_OTHER_SELLER.email, emailVerified: true, createdAt: now, updatedAt: now });
    await tx.insert(adDrafts).values([
      { id: E2E_PHOTO_DRAFTS.checks, userId: E2E_PHOTO_SELLER.id },
      { id: E2E_PHOTO_DRAFTS.exif, userId: E2E_PHOTO_SELLER.id },
      { id: E2E_PHOTO_DRAFTS.stranger, userId: E2E_OTHER_SELLER.id },
      { id: E2E_PHOTO_DRAFTS.manager, userId: E2E_PHOTO_SELLER.id },
      { id: E2E_PHOTO_DRAFTS.noScript, userId: E2E_PHOTO_SELLER.id },
    ]);
  });
}
