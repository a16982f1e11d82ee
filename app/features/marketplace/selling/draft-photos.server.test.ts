import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "~/lib/storage.server";
import { useTestDatabase } from "../../../../tests/setup/database";
import { insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { adDrafts, uploadedPhotos } from "../../../../db/schema";
import { addDraftPhotos, DraftNotFoundError, moveDraftPhoto, removeDraftPhoto, setDraftCover } from "./draft-photos.server";
import { PHOTO_MESSAGES, PHOTO_RULES } from "./photo-rules";
import { photoFileKey } from "../photos";
import { runStorageCleanup } from "../storage-cleanup.server";

// A draft's photos against a real database and real images: what is stored, recorded and listed.
const database = useTestDatabase();
const root = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-draft-photos-"));
const storage = localStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let seller: { id: string };
let stranger: { id: string };
beforeAll(async () => {
  seller = await insertSellerUser(database().db);
  stranger = await insertSellerUser(database().db);
});

let shade = 0;
/** A distinct small JPEG each call (its colour changes, so its content hash does). */
async function photo(): Promise<Buffer> {
  shade += 1;
  const background = { r: (shade * 37) % 256, g: (shade * 91) % 256, b: (shade * 53) % 256 };
  return sharp({ create: { width: 480, height: 360, channels: 3, background } }).jpeg({ quality: 60 }).toBuffer();
}

async function newDraft(userId = seller.id): Promise<number> {
  const [row] = await database()
    .db.insert(adDrafts)
    .values({ userId, updatedAt: new Date("2026-01-01T00:00:00Z") })
    .returning({ id: adDrafts.id });
  return row!.id;
}

const draftRow = async (id: number) => (await database().db.select().from(adDrafts).where(eq(adDrafts.id, id)))[0]!;
const add = (draftId: number, files: Buffer[], userId = seller.id) =>
  addDraftPhotos(userId, draftId, files.map((bytes) => ({ bytes })), { storage });

describe("a draft's photos", () => {
  it("are stored, recorded in the upload ledger and listed in order, with the draft's updated_at moved", async () => {
    const draftId = await newDraft();
    const result = await add(draftId, [await photo(), await photo()]);
    expect(result.added).toBe(2);
    expect(result.refused).toEqual([]);
    expect(result.photos).toHaveLength(2);
    expect(result.photos[0]).toMatchObject({ width: 1280, height: 960 });
    const row = await draftRow(draftId);
    expect(row.photos).toEqual(result.photos);
    expect(row.updatedAt.getTime()).toBeGreaterThan(new Date("2026-01-01T00:00:00Z").getTime());
    for (const { key } of result.photos) {
      expect(await storage.exists(photoFileKey(key, 640))).toBe(true);
      const [ledger] = await database().db.select().from(uploadedPhotos).where(eq(uploadedPhotos.storageKey, key));
      expect(ledger).toMatchObject({ userId: seller.id, width: 1280, height: 960 });
    }
  });

  it("keep one copy of a photo sent twice, in the draft and in the ledger", async () => {
    const draftId = await newDraft();
    const bytes = await photo();
    await add(draftId, [bytes]);
    const again = await add(draftId, [bytes]);
    expect(again.added).toBe(0);
    expect(again.refused).toEqual([]);
    expect(again.photos).toHaveLength(1);
    // Another draft may use the same photo: one ledger row still.
    const other = await newDraft();
    expect((await add(other, [bytes])).added).toBe(1);
    const ledger = await database().db.select().from(uploadedPhotos).where(eq(uploadedPhotos.storageKey, again.photos[0]!.key));
    expect(ledger).toHaveLength(1);
  });

  it("sent again after the ledger's day of grace start a fresh one, so the cleanup job leaves their files", async () => {
    const { db } = database();
    const draftId = await newDraft();
    const bytes = await photo();
    const key = (await add(draftId, [bytes])).photos[0]!.key;
    await removeDraftPhoto(seller.id, draftId, key);
    // Two days on, nothing refers to the upload and its sender's account is gone (user_id set null).
    await db.update(uploadedPhotos).set({ createdAt: new Date(Date.now() - 2 * 86_400_000), userId: null }).where(eq(uploadedPhotos.storageKey, key));
    const before = Date.now();
    await add(draftId, [bytes]);
    const [again] = await db.select().from(uploadedPhotos).where(eq(uploadedPhotos.storageKey, key));
    // A second of leeway for the database server's clock.
    expect(again!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(again!.userId).toBe(seller.id);
    // Someone else sending the same photo takes nothing from its first sender.
    const strangerDraft = await newDraft(stranger.id);
    await add(strangerDraft, [bytes], stranger.id);
    const [shared] = await db.select().from(uploadedPhotos).where(eq(uploadedPhotos.storageKey, key));
    expect(shared!.userId).toBe(seller.id);
    // Taken out of both drafts again: the cleanup an hour later still counts it as a fresh upload.
    await removeDraftPhoto(seller.id, draftId, key);
    await removeDraftPhoto(stranger.id, strangerDraft, key);
    await runStorageCleanup({ now: new Date(Date.now() + 3600_000), store: storage });
    expect(await storage.exists(photoFileKey(key, 640))).toBe(true);
    expect(await db.select().from(uploadedPhotos).where(eq(uploadedPhotos.storageKey, key))).toHaveLength(1);
  });

  it("refuse a bad file with its message and status while the others of the request go in", async () => {
    const draftId = await newDraft();
    const result = await addDraftPhotos(
      seller.id,
      draftId,
      [{ bytes: await photo() }, { bytes: Buffer.from("only text, named car.jpg") }, { bytes: Buffer.alloc(0), refusal: { message: PHOTO_MESSAGES.tooHeavy, status: 413 } }, { bytes: await photo() }],
      { storage },
    );
    expect(result.added).toBe(2);
    expect(result.refused).toEqual([
      { message: PHOTO_MESSAGES.notAPhoto, status: 415 },
      { message: PHOTO_MESSAGES.tooHeavy, status: 413 },
    ]);
  });

  it("stop at 20: the 21st is refused", async () => {
    const draftId = await newDraft();
    const twenty = await Promise.all(Array.from({ length: PHOTO_RULES.maxPhotos }, photo));
    expect((await add(draftId, twenty)).added).toBe(20);
    const result = await add(draftId, [await photo()]);
    expect(result.added).toBe(0);
    expect(result.refused).toEqual([{ message: PHOTO_MESSAGES.tooMany, status: 400 }]);
    expect((await draftRow(draftId)).photos).toHaveLength(20);
  }, 60_000);

  it("from parallel uploads of one draft are all kept", async () => {
    const draftId = await newDraft();
    const files = await Promise.all([photo(), photo(), photo(), photo()]);
    await Promise.all(files.map((bytes) => add(draftId, [bytes])));
    expect((await draftRow(draftId)).photos).toHaveLength(4);
  });

  it("move, take the cover and leave; the files stay for the cleanup job", async () => {
    const draftId = await newDraft();
    const { photos } = await add(draftId, [await photo(), await photo(), await photo()]);
    const [a, b, c] = photos.map((p) => p.key);
    expect((await moveDraftPhoto(seller.id, draftId, a!, 2)).map((p) => p.key)).toEqual([b, c, a]);
    expect((await moveDraftPhoto(seller.id, draftId, a!, 99)).map((p) => p.key)).toEqual([b, c, a]);
    expect((await setDraftCover(seller.id, draftId, c!)).map((p) => p.key)).toEqual([c, b, a]);
    expect((await removeDraftPhoto(seller.id, draftId, b!)).map((p) => p.key)).toEqual([c, a]);
    expect((await draftRow(draftId)).photos.map((p) => p.key)).toEqual([c, a]);
    expect(await storage.exists(photoFileKey(b!, 320))).toBe(true);
    // An unknown key changes nothing.
    expect((await removeDraftPhoto(seller.id, draftId, "ads/unknown")).map((p) => p.key)).toEqual([c, a]);
  });

  it("of another user's draft, or of no draft, are out of reach", async () => {
    const draftId = await newDraft(stranger.id);
    await expect(add(draftId, [await photo()])).rejects.toBeInstanceOf(DraftNotFoundError);
    await expect(moveDraftPhoto(seller.id, draftId, "ads/x", 0)).rejects.toBeInstanceOf(DraftNotFoundError);
    await expect(setDraftCover(seller.id, draftId, "ads/x")).rejects.toBeInstanceOf(DraftNotFoundError);
    await expect(removeDraftPhoto(seller.id, draftId, "ads/x")).rejects.toBeInstanceOf(DraftNotFoundError);
    await expect(removeDraftPhoto(seller.id, 999_999, "ads/x")).rejects.toBeInstanceOf(DraftNotFoundError);
    expect((await draftRow(draftId)).photos).toEqual([]);
  });
});
