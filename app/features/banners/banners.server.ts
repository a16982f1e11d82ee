// Banners, the database half: the live banners (cached for a minute, so a page view costs no
// query), a page's banner for its slot, the click counter behind /b/{id}, and impressions summed
// in memory and written to banner_stats every few seconds in one statement.
import { asc, eq, sql } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db, type Executor } from "~/lib/db.server";
import { jsonRecordset } from "~/lib/json-rows.server";
import { banners } from "../../../db/schema";
import type { BannerSlot } from "../../../db/schema/vocabulary";
import { type BannerTargeting, bannerFor, type LiveBanner, type ShownBanner, isLive } from "./rules";
import { southAfricanDay } from "~/lib/south-african-time";

/** Pages are cached for 60 s; the banners list no longer than that. */
const LIVE_TTL_MS = 60_000;

/** Every active banner with its window; the window itself is checked on each use, so the list stays right as days pass. */
function activeBanners(): Promise<LiveBanner[]> {
  return cached("banners:active", { ttlMs: LIVE_TTL_MS, tags: ["content"] }, () =>
    db()
      .select({
        id: banners.id,
        slot: banners.slot,
        title: banners.title,
        imagePath: banners.imagePath,
        imageWidth: banners.imageWidth,
        imageHeight: banners.imageHeight,
        altText: banners.altText,
        linkUrl: banners.linkUrl,
        weight: banners.weight,
        targetBrands: banners.targetBrands,
        targetBodyTypes: banners.targetBodyTypes,
        targetProvinces: banners.targetProvinces,
        startsAt: banners.startsAt,
        endsAt: banners.endsAt,
      })
      .from(banners)
      .where(eq(banners.active, true))
      .orderBy(asc(banners.slot), asc(banners.id)),
  );
}

/** The banners live now, in slot then id order. */
export async function liveBanners(now = new Date()): Promise<LiveBanner[]> {
  return (await activeBanners()).filter((b) => isLive(b, now));
}

/**
 * The banner a page shows in a slot, or null. The draw changes each minute (the page cache's
 * period), so a cached page and a fresh render of the same minute agree, and weights even out
 * over the day.
 */
export async function bannerForSlot(slot: BannerSlot, page: BannerTargeting = {}, now = new Date()): Promise<ShownBanner | null> {
  const minute = Math.floor(now.getTime() / 60_000);
  return bannerFor(await activeBanners(), slot, page, now, `${slot}|${page.brand ?? ""}|${page.bodyType ?? ""}|${page.province ?? ""}|${minute}`);
}

/** Adds to today's (South African day) counts of banners, one statement for all of them. */
async function addStats(executor: Executor, counts: ReadonlyArray<{ banner_id: number; impressions: number; clicks: number }>, now: Date): Promise<void> {
  if (counts.length === 0) return;
  const day = southAfricanDay(now);
  // Only banners that still exist: one deleted since its box was seen is skipped, not an error.
  await executor.execute(sql`
    insert into banner_stats (banner_id, day, impressions, clicks)
    select x.banner_id, ${day}::date, x.impressions, x.clicks
    from ${jsonRecordset(counts, [["banner_id", "integer"], ["impressions", "integer"], ["clicks", "integer"]])}
    join banners b on b.id = x.banner_id
    on conflict (banner_id, day) do update set
      impressions = banner_stats.impressions + excluded.impressions,
      clicks = banner_stats.clicks + excluded.clicks`);
}

/** /b/{id}: the banner's stored link after counting the click, or null for an unknown banner. */
export async function clickBanner(id: number, now = new Date(), options: { count?: boolean } = {}): Promise<string | null> {
  const [banner] = await db().select({ linkUrl: banners.linkUrl }).from(banners).where(eq(banners.id, id));
  if (!banner) return null;
  if (options.count !== false) await addStats(db(), [{ banner_id: id, impressions: 0, clicks: 1 }], now);
  return banner.linkUrl;
}

// ---------------------------------------------------------------------------------------------
// Impressions: counted in memory, written in batches.

const FLUSH_EVERY_MS = 5_000;
/** A bound on the ids held between flushes, so a flood of made-up ids cannot grow the map. */
const MAX_PENDING_IDS = 5_000;
const pendingImpressions = new Map<number, number>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> | undefined;

/** Counts boxes seen; the known-banner check happens in the write (deleted or made-up ids are dropped there). */
export function countImpressions(ids: readonly number[]): void {
  for (const id of ids) {
    if (!pendingImpressions.has(id) && pendingImpressions.size >= MAX_PENDING_IDS) continue;
    pendingImpressions.set(id, (pendingImpressions.get(id) ?? 0) + 1);
  }
  if (!flushTimer && pendingImpressions.size) {
    flushTimer = setTimeout(() => void flushImpressions().catch(() => {}), FLUSH_EVERY_MS);
    flushTimer.unref?.();
  }
}

/** Writes the impressions counted so far (the timer's job, and the server's on shutdown). */
export async function flushImpressions(now = new Date()): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = undefined;
  await flushing;
  if (pendingImpressions.size === 0) return;
  const counts = [...pendingImpressions].map(([banner_id, impressions]) => ({ banner_id, impressions, clicks: 0 }));
  pendingImpressions.clear();
  flushing = addStats(db(), counts, now).finally(() => {
    flushing = undefined;
  });
  await flushing;
}

/** The used-car search's banner: targeted by its make and province when the search names exactly one of each. */
export function bannerForUsedSearch(search: { vehicles: ReadonlyArray<{ make: string }>; province: readonly string[] }): Promise<ShownBanner | null> {
  const makes = new Set(search.vehicles.map((v) => v.make));
  return bannerForSlot("used-search-results", {
    brand: makes.size === 1 ? [...makes][0] : undefined,
    province: search.province.length === 1 ? search.province[0] : undefined,
  });
}
