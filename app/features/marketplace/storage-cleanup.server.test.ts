import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { localStorage } from "~/lib/storage.server";
import { adDrafts, uploadedPhotos, usedAdPhotos, usedAds } from "../../../db/schema";
import { insertAd, insertSellerUser } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { PHOTO_WIDTHS, photoFileKey } from "./photos";
import { runStorageCleanup } from "./storage-cleanup.server";

const database = useTestDatabase();
const root = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-cleanup-"));
const store = localStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const now = new Date("2026-11-25T10:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
const daysAgo = (d: number) => hoursAgo(d * 24);

/** An uploaded photo: its three renditions in storage and its ledger row. */
async function upload(key: string, createdAt: Date) {
  for (const width of PHOTO_WIDTHS) await store.put(photoFileKey(key, width), new Uint8Array([1, 2, 3]), "image/webp");
  await database().db.insert(uploadedPhotos).values({ storageKey: key, width: 1280, height: 960, createdAt });
}
const filesOf = async (key: string) => Promise.all(PHOTO_WIDTHS.map((w) => store.exists(photoFileKey(key, w))));
const ledger = async () => (await database().db.select({ key: uploadedPhotos.storageKey }).from(uploadedPhotos)).map((r) => r.key).sort();

async function adWithPhoto(key: string) {
  const { db } = database();
  const ad = await insertAd(db, { photos: 0 });
  await db.insert(usedAdPhotos).values({ adId: ad.id, position: 0, storageKey: key, width: 1280, height: 960 });
  return ad.id;
}

beforeEach(async () => {
  const { db } = database();
  await db.execute(sql`delete from used_ads`);
  await db.execute(sql`delete from ad_drafts`);
  await db.execute(sql`delete from uploaded_photos`);
});

describe("storage cleanup", () => {
  it("removes an upload older than a day that nothing refers to, files and row; keeps a fresh one and referenced ones", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    await upload("ads/abandoned", daysAgo(2));
    await upload("ads/fresh", hoursAgo(3));
    await upload("ads/on-an-ad", daysAgo(5));
    await upload("ads/in-a-draft", daysAgo(5));
    await adWithPhoto("ads/on-an-ad");
    await db.insert(adDrafts).values({ userId: seller.id, photos: [{ key: "ads/in-a-draft", width: 1280, height: 960 }], updatedAt: daysAgo(1) });

    const result = await runStorageCleanup({ now, store });
    expect(result).toEqual({ draftsDeleted: 0, photosRemoved: 1, filesDeleted: 3 });
    expect(await filesOf("ads/abandoned")).toEqual([false, false, false]);
    expect(await filesOf("ads/fresh")).toEqual([true, true, true]);
    expect(await filesOf("ads/on-an-ad")).toEqual([true, true, true]);
    expect(await filesOf("ads/in-a-draft")).toEqual([true, true, true]);
    expect(await ledger()).toEqual(["ads/fresh", "ads/in-a-draft", "ads/on-an-ad"]);
    // Nothing more to do on a second run.
    expect(await runStorageCleanup({ now, store })).toEqual({ draftsDeleted: 0, photosRemoved: 0, filesDeleted: 0 });
  });

  it("removes a deleted ad's photo, but keeps a key two ads share while one of them remains", async () => {
    const { db } = database();
    await upload("ads/only-one", daysAgo(10));
    await upload("ads/shared", daysAgo(10));
    const first = await adWithPhoto("ads/only-one");
    const a = await adWithPhoto("ads/shared");
    const b = await adWithPhoto("ads/shared");
    await db.delete(usedAds).where(eq(usedAds.id, first));
    await db.delete(usedAds).where(eq(usedAds.id, a));

    await runStorageCleanup({ now, store });
    expect(await filesOf("ads/only-one")).toEqual([false, false, false]);
    expect(await filesOf("ads/shared")).toEqual([true, true, true]);
    expect(await ledger()).toEqual(["ads/shared"]);

    await db.delete(usedAds).where(eq(usedAds.id, b));
    await runStorageCleanup({ now, store });
    expect(await filesOf("ads/shared")).toEqual([false, false, false]);
    expect(await ledger()).toEqual([]);
  });

  it("deletes drafts idle for 30 days (not an edited ad), and then their photos", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    await upload("ads/old-draft-photo", daysAgo(40));
    const editedAd = await insertAd(db, { sellerUserId: seller.id, photos: 0 });
    const [idle] = await db.insert(adDrafts).values({ userId: seller.id, photos: [{ key: "ads/old-draft-photo", width: 1280, height: 960 }], updatedAt: daysAgo(31) }).returning();
    const [idleEdit] = await db.insert(adDrafts).values({ userId: seller.id, adId: editedAd.id, updatedAt: daysAgo(45) }).returning();
    const [recent] = await db.insert(adDrafts).values({ userId: seller.id, updatedAt: daysAgo(29) }).returning();

    const result = await runStorageCleanup({ now, store });
    expect(result).toMatchObject({ draftsDeleted: 2, photosRemoved: 1 });
    const left = (await db.select({ id: adDrafts.id }).from(adDrafts)).map((d) => d.id);
    expect(left).toEqual([recent!.id]);
    expect(left).not.toContain(idle!.id);
    expect(left).not.toContain(idleEdit!.id);
    // The edit draft went, its ad stays.
    expect(await db.select({ id: usedAds.id }).from(usedAds).where(eq(usedAds.id, editedAd.id))).toHaveLength(1);
    expect(await filesOf("ads/old-draft-photo")).toEqual([false, false, false]);
  });

  it("removes more uploads than one batch holds", async () => {
    for (let i = 0; i < 120; i++) await upload(`ads/batch-${i}`, daysAgo(3));
    const result = await runStorageCleanup({ now, store });
    expect(result.photosRemoved).toBe(120);
    expect(await ledger()).toEqual([]);
  });
});
