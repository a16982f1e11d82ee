import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { adDrafts, savedSearchSentAds, savedSearches, uploadedPhotos, usedAdFavourites, usedAdPhotos, usedAds, users } from "../../../db/schema";
import { insertAd, insertSellerUser } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { resultRows } from "~/lib/db.server";

// Deleting an account deletes the seller's whole marketplace trail in the same transaction: ads
// (with photo rows), drafts, favourites, saved searches; the uploaded photos stay in the ledger
// with nothing referring to them, which is what the storage cleanup job removes.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-delete-account-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = "delete-account-test-secret-0123456789-abc";
delete process.env.REDIS_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { deleteAccount } = await import("./accounts.server");

const database = useTestDatabase();

describe("deleting an account", () => {
  it("takes the user's ads, photos' rows, drafts, favourites and saved searches with it, and leaves others' alone", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db, { name: "Naledi Khumalo", email: "naledi@example.co.za" });
    const buyer = await insertSellerUser(db, { name: "Johan Botha", email: "johan@example.co.za" });
    const keys = ["ads/aaa111", "ads/bbb222", "ads/ccc333"];
    await db.insert(uploadedPhotos).values(keys.map((storageKey) => ({ storageKey, userId: seller.id, width: 1280, height: 960 })));
    const ad = await insertAd(db, { sellerUserId: seller.id, photos: 0, photoCount: 2 });
    await db.insert(usedAdPhotos).values(keys.slice(0, 2).map((storageKey, position) => ({ adId: ad.id, position, storageKey, width: 1280, height: 960 })));
    const sold = await insertAd(db, { sellerUserId: seller.id, status: "sold" });
    const buyersAd = await insertAd(db, { sellerUserId: buyer.id });
    await db.insert(adDrafts).values([
      { userId: seller.id, photos: [{ key: keys[2]!, width: 1280, height: 960 }] },
      { userId: seller.id, adId: ad.id },
    ]);
    await db.insert(usedAdFavourites).values([
      { userId: seller.id, adId: buyersAd.id, priceAtSave: 159_000 },
      { userId: buyer.id, adId: ad.id, priceAtSave: 159_000 },
    ]);
    const [search] = await db.insert(savedSearches).values({ userId: seller.id, name: "Polo under R 200 000", query: "make1=volkswagen&price_max=200000" }).returning();
    await db.insert(savedSearchSentAds).values({ savedSearchId: search!.id, adId: buyersAd.id });

    await deleteAccount(new Request("http://localhost:3000/mon-compte", { method: "POST" }), {
      id: seller.id,
      name: seller.name,
      email: seller.email,
      emailVerified: true,
      image: null,
    }, async () => {});

    const counts = async () => ({
      users: await db.$count(users, eq(users.id, seller.id)),
      ads: await db.$count(usedAds, eq(usedAds.sellerUserId, seller.id)),
      adRows: await db.$count(usedAds, inArray(usedAds.id, [ad.id, sold.id])),
      photos: await db.$count(usedAdPhotos, inArray(usedAdPhotos.adId, [ad.id, sold.id])),
      drafts: await db.$count(adDrafts, eq(adDrafts.userId, seller.id)),
      ownFavourites: await db.$count(usedAdFavourites, eq(usedAdFavourites.userId, seller.id)),
      favouritesOfTheAds: await db.$count(usedAdFavourites, inArray(usedAdFavourites.adId, [ad.id, sold.id])),
      searches: await db.$count(savedSearches, eq(savedSearches.userId, seller.id)),
      sent: await db.$count(savedSearchSentAds, eq(savedSearchSentAds.savedSearchId, search!.id)),
    });
    expect(await counts()).toEqual({ users: 0, ads: 0, adRows: 0, photos: 0, drafts: 0, ownFavourites: 0, favouritesOfTheAds: 0, searches: 0, sent: 0 });

    // The uploads stay in the ledger (no owner now), referred to by no ad photo and no draft: the
    // storage cleanup job's definition of a file to remove.
    const unreferenced = await db.execute(sql`
      select p.storage_key from uploaded_photos p
      where p.user_id is null
        and not exists (select 1 from used_ad_photos a where a.storage_key = p.storage_key)
        and not exists (select 1 from ad_drafts d, jsonb_array_elements(d.photos) e where e->>'key' = p.storage_key)
      order by 1`);
    const rows = resultRows<{ storage_key: string }>(unreferenced);
    expect(rows.map((r) => r.storage_key)).toEqual(keys);

    // The other user's ad and account are untouched.
    expect(await db.$count(usedAds, eq(usedAds.id, buyersAd.id))).toBe(1);
    expect(await db.$count(users, eq(users.id, buyer.id))).toBe(1);
  });
});
