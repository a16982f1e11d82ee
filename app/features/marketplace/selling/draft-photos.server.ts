import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { type Storage, storage as defaultStorage, StorageUnavailableError } from "~/lib/storage.server";
import { adDrafts, type DraftPhoto, uploadedPhotos } from "../../../../db/schema";
import { movePhoto, PHOTO_MESSAGES, PHOTO_RULES, photoRefusalStatus } from "./photo-rules";
import { PhotoRejected, storeUploadedPhoto, uploadedPhotoKey } from "./photo-upload.server";
import { PHOTO_WIDTHS, photoFileKey } from "../photos";

// The photos of a seller's draft ad: the draft's `photos` list (cover first, at most 20) and the
// ledger of stored uploads (`uploaded_photos`, which the cleanup job reads to remove files no draft
// or ad refers to after a day). Every change locks the draft's row, so two uploads of one draft
// running side by side both land, and a reorder never undoes an upload.

export class DraftNotFoundError extends Error {
  constructor() {
    super("This draft ad was not found.");
  }
}

export interface PhotoRefusal {
  message: string;
  status: 400 | 413 | 415 | 429 | 503;
}

/**
 * One file of an upload request, or the reason it was refused on the way in (past 15 MB, its
 * bytes not kept; past the upload rate).
 */
export interface IncomingPhoto {
  bytes: Buffer;
  refusal?: PhotoRefusal;
}

interface AddedPhotos {
  photos: DraftPhoto[];
  /** Photos newly in the draft (a photo it already had is not counted). */
  added: number;
  refused: PhotoRefusal[];
}

// Decoding and encoding take both cores and tens of megabytes per photo: a few at a time for the
// whole process, whatever the number of requests, keeps the memory peak flat.
const PARALLEL_PHOTO_JOBS = 2;
let runningJobs = 0;
const waitingJobs: (() => void)[] = [];

async function inPhotoSlot<T>(job: () => Promise<T>): Promise<T> {
  if (runningJobs >= PARALLEL_PHOTO_JOBS) await new Promise<void>((resume) => waitingJobs.push(resume));
  else runningJobs += 1;
  try {
    return await job();
  } finally {
    const next = waitingJobs.shift();
    // The slot passes straight to the next job, so the count stays right.
    if (next) next();
    else runningJobs -= 1;
  }
}

async function lockedDraft(executor: Executor, userId: string, draftId: number): Promise<DraftPhoto[]> {
  const [draft] = await executor
    .select({ photos: adDrafts.photos })
    .from(adDrafts)
    .where(and(eq(adDrafts.id, draftId), eq(adDrafts.userId, userId)))
    .for("update");
  if (!draft) throw new DraftNotFoundError();
  return draft.photos;
}

/** The draft's photos, or a DraftNotFoundError when it is not this user's draft. */
async function draftPhotos(userId: string, draftId: number, executor: Executor = db()): Promise<DraftPhoto[]> {
  if (!Number.isSafeInteger(draftId) || draftId <= 0) throw new DraftNotFoundError();
  const [draft] = await executor
    .select({ photos: adDrafts.photos })
    .from(adDrafts)
    .where(and(eq(adDrafts.id, draftId), eq(adDrafts.userId, userId)));
  if (!draft) throw new DraftNotFoundError();
  return draft.photos;
}

/** Writes the draft's new photo list (the row is locked by the caller's transaction). */
async function savePhotos(executor: Executor, draftId: number, photos: DraftPhoto[]): Promise<void> {
  await executor
    .update(adDrafts)
    .set({ photos, updatedAt: sql`now()` })
    .where(eq(adDrafts.id, draftId));
}

/**
 * Checks, stores and appends each photo in turn (one at a time: a request's files never sit
 * decoded side by side). A refused file gets its message and status; the others still go in.
 */
export async function addDraftPhotos(
  userId: string,
  draftId: number,
  files: Iterable<IncomingPhoto> | AsyncIterable<IncomingPhoto>,
  options: { storage?: Storage } = {},
): Promise<AddedPhotos> {
  const store = options.storage ?? defaultStorage();
  // Before a byte of a file is read: someone else's draft costs nothing.
  let photos = await draftPhotos(userId, draftId);
  let added = 0;
  const refused: PhotoRefusal[] = [];
  const refuse = (message: string) => refused.push({ message, status: photoRefusalStatus(message) });

  for await (const file of files) {
    if (file.refusal) {
      refused.push(file.refusal);
      continue;
    }
    // A full draft refuses without the work of decoding (checked again under the lock below).
    if (photos.length >= PHOTO_RULES.maxPhotos) {
      refuse(PHOTO_MESSAGES.tooMany);
      continue;
    }
    // The ledger row goes in before the files (its size comes with them): a process killed while
    // writing them leaves files the cleanup job finds as an abandoned upload, never files no row
    // names. An old upload sent again restarts its day of grace: the cleanup job re-checks the age
    // under the row's lock, so it cannot remove what this writes.
    // Whether the row is new tells whose files these are, should their writing fail: PostgreSQL
    // gives a row just inserted an xmax of 0, and one updated on conflict its updater's id.
    const uploadKey = uploadedPhotoKey(file.bytes);
    const [ledger] = await db()
      .insert(uploadedPhotos)
      .values({ storageKey: uploadKey, userId, width: 0, height: 0 })
      .onConflictDoUpdate({ target: uploadedPhotos.storageKey, set: { createdAt: sql`now()` } })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const firstUpload = ledger?.inserted === true;
    let stored;
    try {
      stored = await inPhotoSlot(() => storeUploadedPhoto(store, file.bytes));
    } catch (error) {
      if (error instanceof PhotoRejected) {
        refuse(error.message);
        continue;
      }
      if (error instanceof StorageUnavailableError) {
        await forgetPartialUpload(store, uploadKey, firstUpload, error);
        refused.push({ message: PHOTO_MESSAGES.storageUnavailable, status: 503 });
        // The next files would fail alike: the seller sends them again later.
        break;
      }
      throw error;
    }
    const photo: DraftPhoto = { key: stored.key, width: stored.width, height: stored.height };
    const outcome = await db().transaction(async (tx) => {
      const current = await lockedDraft(tx, userId, draftId);
      // Keys are content hashes: the same photo sent again (by anyone) is one ledger row. Sending
      // it again restarts its day of grace (and locks the row), so the cleanup job, which removes
      // old uploads nothing refers to, does not take the files of a photo just sent again.
      await tx
        .insert(uploadedPhotos)
        .values({ storageKey: photo.key, userId, width: photo.width, height: photo.height })
        .onConflictDoUpdate({
          target: uploadedPhotos.storageKey,
          set: { createdAt: sql`now()`, userId: sql`coalesce(${uploadedPhotos.userId}, excluded.user_id)`, width: photo.width, height: photo.height },
        });
      if (current.some((p) => p.key === photo.key)) return { photos: current, added: false };
      if (current.length >= PHOTO_RULES.maxPhotos) return { photos: current, added: false, full: true };
      const next = [...current, photo];
      await savePhotos(tx, draftId, next);
      return { photos: next, added: true };
    });
    photos = outcome.photos;
    if (outcome.added) added += 1;
    if (outcome.full) refuse(PHOTO_MESSAGES.tooMany);
  }
  return { photos, added, refused };
}

/**
 * A photo whose files could not all be stored: when this upload was its first, the ones written
 * are deleted now, and its ledger row (nothing refers to it) stays, so the cleanup job removes them
 * after the day of grace if they could not be deleted now (the store still down). A photo already
 * in the ledger is left alone: its files may be another draft's or ad's, and a failed write never
 * replaced them (each is written beside and renamed).
 */
async function forgetPartialUpload(store: Storage, key: string, firstUpload: boolean, error: StorageUnavailableError): Promise<void> {
  logger.error({ err: { message: error.message }, key }, "photo upload refused: the file store cannot take files");
  if (!firstUpload) return;
  for (const width of PHOTO_WIDTHS) await store.delete(photoFileKey(key, width)).catch(() => {});
}

/** Changes the draft's list under its row lock; the draft must be the user's. */
async function changePhotos(userId: string, draftId: number, change: (photos: DraftPhoto[]) => DraftPhoto[]): Promise<DraftPhoto[]> {
  if (!Number.isSafeInteger(draftId) || draftId <= 0) throw new DraftNotFoundError();
  return db().transaction(async (tx) => {
    const current = await lockedDraft(tx, userId, draftId);
    const next = change(current);
    const same = next.length === current.length && next.every((p, i) => p.key === current[i]!.key);
    if (!same) await savePhotos(tx, draftId, next);
    return next;
  });
}

/** Puts the photo at `toIndex` (0 is the cover); an unknown key leaves the order as it is. */
export function moveDraftPhoto(userId: string, draftId: number, key: string, toIndex: number): Promise<DraftPhoto[]> {
  return changePhotos(userId, draftId, (photos) => movePhoto(photos, key, toIndex));
}

/** Makes the photo the cover: it moves to the front. */
export function setDraftCover(userId: string, draftId: number, key: string): Promise<DraftPhoto[]> {
  return moveDraftPhoto(userId, draftId, key, 0);
}

/**
 * Takes the photo out of the draft. Its files stay: the same photo may be in another draft or a
 * published ad, and the cleanup job removes uploads nothing refers to after a day.
 */
export function removeDraftPhoto(userId: string, draftId: number, key: string): Promise<DraftPhoto[]> {
  return changePhotos(userId, draftId, (photos) => photos.filter((p) => p.key !== key));
}
