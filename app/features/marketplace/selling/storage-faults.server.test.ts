import { spawnSync } from "node:child_process";
import fs from "node:fs";
import fsPromises from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { s3Settings, parseEnv } from "~/lib/env.server";
import { s3Storage } from "~/lib/s3-storage.server";
import { localStorage, StorageUnavailableError } from "~/lib/storage.server";
import { insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { call, cookieFrom, givePassword, ORIGIN, post } from "../../../../tests/setup/route-calls";
import { useTestDatabase } from "../../../../tests/setup/database";
import { startS3Server } from "../../../../tests/setup/s3-server.mjs";
import { adDrafts, uploadedPhotos } from "../../../../db/schema";
import { addDraftPhotos } from "./draft-photos.server";
import { PHOTO_MESSAGES } from "./photo-rules";
import { photoFileKey } from "../photos";
import { uploadedPhotoKey } from "./photo-upload.server";
import { runStorageCleanup } from "../storage-cleanup.server";

// The file store failing while a seller adds photos: a full disk (a small tmpfs, when this process
// may mount one, and a disk filling up in the middle of a photo's files), and an S3 server stopped
// in the middle. The seller gets a 503 with a sentence, the draft keeps what it had, and no file of
// the refused photo is left for good.

// env() caches on first use: the data folder (the process's uploads) before anything reads it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-storage-faults-"));
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const database = useTestDatabase();
let seller: { id: string };
beforeAll(async () => {
  seller = await insertSellerUser(database().db);
});

let shade = 0;
async function photo(): Promise<Buffer> {
  shade += 1;
  const background = { r: (shade * 37) % 256, g: (shade * 91) % 256, b: (shade * 53) % 256 };
  return sharp({ create: { width: 480, height: 360, channels: 3, background } }).jpeg({ quality: 60 }).toBuffer();
}

async function newDraft(): Promise<number> {
  const [row] = await database().db.insert(adDrafts).values({ userId: seller.id }).returning({ id: adDrafts.id });
  return row!.id;
}

const draftPhotosOf = async (id: number) => (await database().db.select().from(adDrafts).where(eq(adDrafts.id, id)))[0]!.photos;
const ledgerHas = async (key: string) => (await database().db.select().from(uploadedPhotos).where(eq(uploadedPhotos.storageKey, key))).length === 1;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

// A real full filesystem needs a mount (root); without that right the case is skipped, saying so.
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-full-disk-"));
const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint]).status === 0;
if (!mounted) console.warn("Full uploads disk: skipped, this process may not mount a small tmpfs.");
afterAll(() => {
  if (mounted) spawnSync("umount", [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

describe.skipIf(!mounted)("a full uploads disk", () => {
  it("refuses the photo with a 503 and a sentence, keeps the draft as it was and leaves no file; a later try works", async () => {
    const uploads = path.join(mountPoint, "uploads");
    fs.mkdirSync(uploads);
    const storage = localStorage(uploads);
    // The disk filled up to its last byte (the write stops at ENOSPC, keeping what fitted).
    const filler = path.join(mountPoint, "filler");
    expect(() => fs.writeFileSync(filler, Buffer.alloc(512 * 1024))).toThrow(/ENOSPC/);
    const direct = await storage.put("probe/too-big.webp", Buffer.alloc(4 * 1024), "image/webp").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(direct).toBeInstanceOf(StorageUnavailableError);
    expect(((direct as Error).cause as NodeJS.ErrnoException).code).toBe("ENOSPC");

    const draftId = await newDraft();
    const bytes = await photo();
    const result = await addDraftPhotos(seller.id, draftId, [{ bytes }, { bytes: await photo() }], { storage });
    expect(result.added).toBe(0);
    expect(result.refused).toEqual([{ message: PHOTO_MESSAGES.storageUnavailable, status: 503 }]);
    expect(await draftPhotosOf(draftId)).toEqual([]);
    // Neither a rendition nor half a temporary file is left behind.
    expect(filesUnder(uploads)).toEqual([]);
    // The ledger knows the key, so the cleanup job would remove any file a crash left.
    expect(await ledgerHas(uploadedPhotoKey(bytes))).toBe(true);

    fs.rmSync(filler);
    const retried = await addDraftPhotos(seller.id, draftId, [{ bytes }], { storage });
    expect(retried.added).toBe(1);
    expect(await draftPhotosOf(draftId)).toHaveLength(1);
  });
});

describe("an S3 store stopped while a seller adds photos", () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-s3-fault-"));
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

  it("refuses the photo with a 503, keeps the photos already added, and the cleanup job removes the refused one's row", async () => {
    let s3 = await startS3Server({ directory });
    const settings = s3Settings(parseEnv({ ...s3.env }))!;
    const storage = s3Storage(settings);
    const draftId = await newDraft();
    const first = await addDraftPhotos(seller.id, draftId, [{ bytes: await photo() }], { storage });
    expect(first.added).toBe(1);

    const port = Number(new URL(s3.endpoint).port);
    await s3.close();
    const second = await photo();
    const refused = await addDraftPhotos(seller.id, draftId, [{ bytes: second }], { storage });
    expect(refused.refused).toEqual([{ message: PHOTO_MESSAGES.storageUnavailable, status: 503 }]);
    expect(await draftPhotosOf(draftId)).toEqual(first.photos);
    expect(await ledgerHas(uploadedPhotoKey(second))).toBe(true);

    // The store is back; a day and more later the cleanup job forgets the refused photo, never the draft's.
    s3 = await startS3Server({ directory, port });
    try {
      await runStorageCleanup({ now: new Date(Date.now() + 3 * 24 * 3600_000), store: storage });
      expect(await ledgerHas(uploadedPhotoKey(second))).toBe(false);
      expect(await ledgerHas(first.photos[0]!.key)).toBe(true);
      expect(await storage.exists(photoFileKey(first.photos[0]!.key, 640))).toBe(true);
    } finally {
      await s3.close();
    }
  });
});

describe("the disk filling up in the middle of a photo's files", () => {
  it("answers the upload with a 503 and a sentence, stores no part of the photo and keeps the draft; a later try works", async () => {
    const { draftPhotoAction } = await import("./draft-photo-action.server");
    const { action: loginAction } = await import("~/routes/accounts/login");
    const { db } = database();
    const owner = await insertSellerUser(db);
    await givePassword(db, owner.id, "Secret123");
    const cookie = cookieFrom((await call(loginAction, post("/login", { email: owner.email, password: "Secret123", redirectTo: "/" }))).headers);
    const [draft] = await db.insert(adDrafts).values({ userId: owner.id }).returning({ id: adDrafts.id });
    const upload = (bytes: Buffer) => {
      const form = new FormData();
      form.set("draft", String(draft!.id));
      form.set("intent", "upload");
      form.set("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "car.jpg");
      return draftPhotoAction(new Request(`${ORIGIN}/poster-une-annonce/photos`, { method: "POST", body: form, headers: { origin: ORIGIN, cookie, accept: "application/json" } }));
    };
    const uploads = path.join(dataDir, "uploads");

    const firstBytes = await photo();
    const first = await upload(firstBytes);
    expect(first.status).toBe(200);
    const kept = (await first.json()).photos;
    expect(kept).toHaveLength(1);
    const filesBefore = filesUnder(uploads).sort();

    // The next photo's first files fit; the disk fills up halfway through the next one.
    const realWriteFile = fsPromises.writeFile;
    let writes = 0;
    const full = vi.spyOn(fsPromises, "writeFile").mockImplementation(async (file, data, options) => {
      if (String(file).startsWith(uploads) && ++writes === 3) {
        await realWriteFile(file, (data as Buffer).subarray(0, Math.floor((data as Buffer).length / 2)));
        throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: "ENOSPC", errno: -28, syscall: "write" });
      }
      return realWriteFile(file, data, options);
    });
    const bytes = await photo();
    let refused: Response;
    try {
      refused = await upload(bytes);
    } finally {
      full.mockRestore();
    }
    expect(writes).toBe(3);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({ error: PHOTO_MESSAGES.storageUnavailable, photos: kept });
    expect(await draftPhotosOf(draft!.id)).toEqual(kept);
    // No rendition of the refused photo and no half-written temporary file: the folder as it was.
    expect(filesUnder(uploads).sort()).toEqual(filesBefore);
    // The ledger knows the key, so the cleanup job would remove any file a crash left.
    expect(await ledgerHas(uploadedPhotoKey(bytes))).toBe(true);

    // A photo the store already has (the draft's own, sent again) keeps its files when the disk is full.
    const again = vi.spyOn(fsPromises, "writeFile").mockRejectedValue(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
    try {
      expect((await upload(firstBytes)).status).toBe(503);
    } finally {
      again.mockRestore();
    }
    expect(filesUnder(uploads).sort()).toEqual(filesBefore);
    expect(await draftPhotosOf(draft!.id)).toEqual(kept);

    // Room again: the same photo goes in.
    const retried = await upload(bytes);
    expect(retried.status).toBe(200);
    expect((await retried.json()).photos).toHaveLength(2);
    expect(await draftPhotosOf(draft!.id)).toHaveLength(2);
  });
});
