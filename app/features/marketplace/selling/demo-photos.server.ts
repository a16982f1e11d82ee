import { sql } from "drizzle-orm";
import { type BodyType, bodyTypes } from "../../../../db/schema/catalogue";
import { type Executor, resultRows } from "~/lib/db.server";
import type { Storage } from "~/lib/storage.server";
import { demoPhotoKey, demoPhotoSvg, demoShots, type DemoShot } from "./demo-photos";
import { PHOTO_WIDTHS, photoFileKey } from "../photos";
import { type RenditionOptions, storePhotoRenditions } from "./photo-renditions.server";
import { findColour } from "../vocabulary";

// Measured on two cores: effort 0 encodes the three widths in half the time of effort 2.
const DEMO_WEBP: RenditionOptions = { quality: 78, effort: 0 };

export interface DemoPhotoSet {
  bodyType: BodyType;
  colour: string;
}

async function isComplete(storage: Storage, key: string): Promise<boolean> {
  for (const width of PHOTO_WIDTHS) if (!(await storage.exists(photoFileKey(key, width)))) return false;
  return true;
}

/**
 * Renders the demo photos of every body type and colour pair that are not stored yet, a few at a
 * time (sharp draws on libuv's threads, so this overlaps the database work of the seed).
 */
export async function ensureDemoPhotos(
  storage: Storage,
  sets: readonly DemoPhotoSet[],
  options: { concurrency?: number; shots?: readonly DemoShot[]; onRendered?: () => void } = {},
): Promise<{ rendered: number; kept: number }> {
  const jobs: { bodyType: BodyType; colour: string; shot: DemoShot }[] = [];
  const seen = new Set<string>();
  for (const set of sets) {
    for (const shot of options.shots ?? demoShots) {
      const key = demoPhotoKey(set.bodyType, set.colour, shot);
      if (seen.has(key)) continue;
      seen.add(key);
      jobs.push({ ...set, shot });
    }
  }
  let rendered = 0;
  let kept = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const key = demoPhotoKey(job.bodyType, job.colour, job.shot);
      if (await isComplete(storage, key)) {
        kept++;
        continue;
      }
      await drawOnce(storage, job.bodyType, job.colour, job.shot);
      rendered++;
      options.onRendered?.();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  return { rendered, kept };
}

/** Draws any missing photo of the body type and colour pairs the demo ads use. */
export async function ensureStoredDemoPhotos(db: Executor, storage: Storage): Promise<{ rendered: number; kept: number }> {
  const sets = resultRows<{ body_type: BodyType; colour: string }>(
    await db.execute(sql`select distinct body_type, colour from used_ads where is_demo`),
  ).map((r) => ({ bodyType: r.body_type, colour: r.colour }));
  return ensureDemoPhotos(storage, sets, { concurrency: 1 });
}

// Keys being drawn: the background drawing and a request for the same photo share one drawing.
const inFlight = new Map<string, Promise<unknown>>();

function drawOnce(storage: Storage, bodyType: BodyType, colour: string, shot: DemoShot): Promise<unknown> {
  const key = demoPhotoKey(bodyType, colour, shot);
  let drawing = inFlight.get(key);
  if (!drawing) {
    drawing = storePhotoRenditions(storage, key, Buffer.from(demoPhotoSvg(bodyType, colour, shot)), DEMO_WEBP).finally(() => inFlight.delete(key));
    inFlight.set(key, drawing);
  }
  return drawing;
}

/**
 * Draws the demo photo a rendition key names (`demo/{body}-{colour}-{shot}-{width}.webp`) when it
 * is not stored yet, so a page asking for it before the background drawing reached it still gets
 * it. False when the key names no demo photo.
 */
export async function drawMissingDemoPhoto(storage: Storage, fileKey: string): Promise<boolean> {
  const m = /^demo\/([a-z-]+)-([a-z]+)-([a-z]+)-(\d+)\.webp$/.exec(fileKey);
  if (!m) return false;
  const [, body, colour, shot, width] = m as unknown as [string, string, string, DemoShot, string];
  if (!(bodyTypes as readonly string[]).includes(body) || !findColour(colour) || !demoShots.includes(shot)) return false;
  if (!(PHOTO_WIDTHS as readonly number[]).includes(Number(width))) return false;
  if (!(await isComplete(storage, demoPhotoKey(body, colour, shot)))) await drawOnce(storage, body as BodyType, colour, shot);
  return true;
}
