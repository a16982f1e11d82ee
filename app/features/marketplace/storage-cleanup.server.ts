import { sql } from "drizzle-orm";
import { db, resultRows } from "~/lib/db.server";
import { storage, type Storage } from "~/lib/storage.server";
import { PHOTO_WIDTHS, photoFileKey } from "./photos";

// The storage cleanup job (hourly): a seller's posting draft left alone for 30 days is deleted
// (only the draft row: an edit draft's ad stays), then every uploaded photo older than a day that
// no ad photo, no draft and no dealer's logo refers to loses its files and its ledger row. Keys are content hashes
// shared by ads and drafts, so a key goes only when nothing at all points at it; a deleted ad's
// photos (its rows went with it) are collected the same way.

/** An upload gets this long to be attached to a draft or an ad before it counts as abandoned. */
const UPLOAD_GRACE_MS = 24 * 3600_000;
/** A draft not touched for this long is given up. */
const DRAFT_IDLE_MS = 30 * 24 * 3600_000;
/**
 * Keys per transaction. On the embedded database a transaction holds its one connection while
 * the files are deleted, so batches stay small.
 */
const BATCH = 50;

interface StorageCleanupResult extends Record<string, number> {
  draftsDeleted: number;
  photosRemoved: number;
  filesDeleted: number;
}

export async function runStorageCleanup(opts: { now?: Date; store?: Storage } = {}): Promise<StorageCleanupResult> {
  const now = opts.now ?? new Date();
  const store = opts.store ?? storage();
  const draftCutoff = new Date(now.getTime() - DRAFT_IDLE_MS).toISOString();
  const uploadCutoff = new Date(now.getTime() - UPLOAD_GRACE_MS).toISOString();

  const drafts = resultRows<{ id: number }>(
    await db().execute(sql`delete from ad_drafts where updated_at < ${draftCutoff}::timestamptz returning id`),
  );

  let photosRemoved = 0;
  let filesDeleted = 0;
  for (;;) {
    // Claimed and re-checked in one statement (rows locked until commit); the files go inside the
    // transaction, so a storage failure rolls the rows back and the next run tries again.
    const removed = await db().transaction(async (tx) => {
      const rows = resultRows<{ storage_key: string }>(
        await tx.execute(sql`
          delete from uploaded_photos
          where storage_key in (
            select u.storage_key from uploaded_photos u
            where u.created_at < ${uploadCutoff}::timestamptz
              and not exists (select 1 from used_ad_photos p where p.storage_key = u.storage_key)
              and not exists (select 1 from dealers d where d.logo_key = u.storage_key)
              and not exists (
                select 1 from ad_drafts d, jsonb_array_elements(d.photos) photo
                where photo->>'key' = u.storage_key)
            order by u.created_at
            limit ${BATCH}
            for update skip locked)
          returning storage_key`),
      );
      for (const { storage_key: key } of rows) {
        for (const width of PHOTO_WIDTHS) {
          await store.delete(photoFileKey(key, width));
          filesDeleted++;
        }
      }
      return rows.length;
    });
    photosRemoved += removed;
    if (removed < BATCH) break;
  }
  return { draftsDeleted: drafts.length, photosRemoved, filesDeleted };
}
