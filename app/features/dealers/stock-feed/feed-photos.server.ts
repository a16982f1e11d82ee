import { sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import type { Storage } from "~/lib/storage.server";
import { PhotoRejected, storeUploadedPhoto, uploadedPhotoKey } from "~/features/marketplace/selling/photo-upload.server";
import { largestRendition } from "~/features/marketplace/selling/photo-renditions.server";
import { photoFileProblem } from "~/features/marketplace/selling/photo-rules";
import { PHOTO_WIDTHS, photoFileKey } from "~/features/marketplace/photos";
import { uploadedPhotos } from "../../../../db/schema";
import { type PhotoZip, PhotoZipError } from "./photo-zip.server";

// A feed's photos: each file a row names is read from the ZIP once, its key is its content's hash
// (so a photo already stored, by this feed or any upload, is not stored twice), and it goes through
// the wizard's upload pipeline (type from the bytes, pixel limit, EXIF turned and stripped, WebP
// renditions). A check (dry run) reads the bytes and their type only; decoding is for the import.

export type FeedPhotoResult = { key: string } | { error: string };

/** Two photos at a time: decoding and encoding take both cores, and the memory peak stays flat. */
const PARALLEL = 2;

export async function processFeedPhotos(options: {
  names: readonly string[];
  zip: PhotoZip;
  mode: "check" | "store";
  executor: Executor;
  storage: Storage;
  userId?: string | null;
  onProgress?: (done: number, total: number) => void | Promise<void>;
}): Promise<{ results: Map<string, FeedPhotoResult>; stored: number; reused: number }> {
  const results = new Map<string, FeedPhotoResult>();
  const queue = [...new Set(options.names.map((n) => n.toLowerCase()))];
  const total = queue.length;
  let done = 0;
  let stored = 0;
  let reused = 0;
  const largestFile = (key: string) => photoFileKey(key, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!);

  async function one(name: string): Promise<FeedPhotoResult> {
    let bytes: Buffer;
    try {
      bytes = await options.zip.read(name);
    } catch (error) {
      if (error instanceof PhotoZipError) return { error: error.message };
      throw error;
    }
    const problem = photoFileProblem(bytes, bytes.length);
    if (problem) return { error: problem };
    const key = uploadedPhotoKey(bytes);
    if (options.mode === "check") return { key };
    // The ledger row first (as for a seller's upload): should the import stop before an ad refers
    // to the photo, the cleanup job finds its files and removes them after a day. A photo stored
    // before gets its day of grace again, so the cleanup cannot take it while this import runs.
    await options.executor
      .insert(uploadedPhotos)
      .values({ storageKey: key, userId: options.userId ?? null, width: largestRendition.width, height: largestRendition.height })
      .onConflictDoUpdate({ target: uploadedPhotos.storageKey, set: { createdAt: sql`now()` } });
    if (await options.storage.exists(largestFile(key))) {
      reused += 1;
      return { key };
    }
    try {
      await storeUploadedPhoto(options.storage, bytes);
    } catch (error) {
      if (error instanceof PhotoRejected) return { error: error.message };
      throw error;
    }
    stored += 1;
    return { key };
  }

  async function worker(): Promise<void> {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      results.set(name, await one(name));
      done += 1;
      if (options.onProgress && (done % 20 === 0 || done === total)) await options.onProgress(done, total);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { results, stored, reused };
}
