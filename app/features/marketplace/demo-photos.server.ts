import { sql } from "drizzle-orm";
import type { BodyType } from "../../../db/schema/catalogue";
import { type Executor, resultRows } from "~/lib/db.server";
import type { Storage } from "~/lib/storage.server";
import { demoPhotoKey, demoPhotoSvg, demoShots, type DemoShot } from "./demo-photos";
import { PHOTO_WIDTHS, photoFileKey, photoHeight } from "./photos";

// The photo pipeline: one picture in, WebP renditions in every width the pages use, stored under
// one key. Demo photos go through it from their SVG; uploaded photos (issue 15) will too.

export interface RenditionOptions {
  /** WebP encoder effort, 0 (fastest) to 6; flat demo drawings gain little from more. */
  effort?: number;
  quality?: number;
}

async function loadSharp() {
  return (await import("sharp")).default;
}

/** Renders `input` (an SVG or any image sharp reads) to `{key}-{width}.webp` for every width. */
export async function storePhotoRenditions(
  storage: Storage,
  key: string,
  input: Buffer,
  options: RenditionOptions = {},
): Promise<{ width: number; height: number }> {
  const webp = { quality: options.quality ?? 80, effort: options.effort ?? 4 };
  const sharp = await loadSharp();
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  // Draw (or decode) once at the largest size, then scale the pixels down for the others.
  const { data, info } = await sharp(input)
    .resize(largest, photoHeight(largest), { fit: "cover" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  for (const width of PHOTO_WIDTHS) {
    const bytes = await sharp(data, raw).resize(width, photoHeight(width)).webp(webp).toBuffer();
    await storage.put(photoFileKey(key, width), bytes, "image/webp");
  }
  return { width: largest, height: photoHeight(largest) };
}

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
      await storePhotoRenditions(storage, key, Buffer.from(demoPhotoSvg(job.bodyType, job.colour, job.shot)), DEMO_WEBP);
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
