// Banners, the pure rules: which banners are live on a day, which match a page's targeting, and
// the weighted choice of the one a page shows. No database here (banners.server.ts reads them).
import type { BannerSlot } from "../../../db/schema/vocabulary";

/** What a page shows and the API serves of a banner. */
export interface LiveBanner {
  id: number;
  slot: string;
  title: string;
  imagePath: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  altText: string;
  linkUrl: string;
  weight: number;
  targetBrands: string[];
  targetBodyTypes: string[];
  targetProvinces: string[];
  startsAt: Date | null;
  endsAt: Date | null;
}

/** What the page is about: a brand slug, a body type, a province slug (each optional). */
export interface BannerTargeting {
  brand?: string;
  bodyType?: string;
  province?: string;
}

/** The banner a page renders: only what the box needs, so it prints little into the page. */
export interface ShownBanner {
  id: number;
  imagePath: string;
  width: number;
  height: number;
  altText: string;
}

/** Live at `now`: the window is [startsAt, endsAt) and either end may be open. */
export function isLive(banner: Pick<LiveBanner, "startsAt" | "endsAt">, now: Date): boolean {
  if (banner.startsAt && banner.startsAt > now) return false;
  if (banner.endsAt && banner.endsAt <= now) return false;
  return true;
}

/**
 * A banner matches when each of its non-empty target lists contains the page's value. A banner
 * targeted at a brand does not show on a page that has no brand (it would be shown to everyone).
 */
export function matchesTargeting(banner: Pick<LiveBanner, "targetBrands" | "targetBodyTypes" | "targetProvinces">, page: BannerTargeting): boolean {
  const fits = (targets: string[], value: string | undefined) => targets.length === 0 || (value !== undefined && targets.includes(value));
  return fits(banner.targetBrands, page.brand) && fits(banner.targetBodyTypes, page.bodyType) && fits(banner.targetProvinces, page.province);
}

/** A number in [0, 1) from a text (FNV-1a): the same page in the same minute gets the same banner. */
export function stableFraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
}

/**
 * Picks one banner, each with a chance proportional to its weight; `fraction` in [0, 1) stands for
 * the draw. Targeted banners win over untargeted ones: a brand's banner on its own model page is
 * what the advertiser paid for, so the run-of-site ones only fill pages nobody targeted.
 */
export function chooseBanner<T extends Pick<LiveBanner, "weight" | "targetBrands" | "targetBodyTypes" | "targetProvinces">>(candidates: readonly T[], fraction: number): T | undefined {
  const targeted = candidates.filter((b) => b.targetBrands.length + b.targetBodyTypes.length + b.targetProvinces.length > 0);
  const pool = targeted.length ? targeted : candidates;
  const total = pool.reduce((sum, b) => sum + Math.max(0, b.weight), 0);
  if (total <= 0) return undefined;
  let point = Math.min(Math.max(fraction, 0), 0.999999999) * total;
  for (const banner of pool) {
    point -= Math.max(0, banner.weight);
    if (point < 0) return banner;
  }
  return pool[pool.length - 1];
}

/** The banner of a slot for a page: live, in the slot, matching, with an image, then chosen by weight. */
export function bannerFor(all: readonly LiveBanner[], slot: BannerSlot, page: BannerTargeting, now: Date, drawKey: string): ShownBanner | null {
  const candidates = all.filter((b) => b.slot === slot && b.imagePath && b.imageWidth && b.imageHeight && isLive(b, now) && matchesTargeting(b, page));
  const chosen = chooseBanner(candidates, stableFraction(drawKey));
  if (!chosen) return null;
  return { id: chosen.id, imagePath: chosen.imagePath!, width: chosen.imageWidth!, height: chosen.imageHeight!, altText: chosen.altText || chosen.title };
}

/** The impression beacon's body: banner ids separated by commas ("12,7"), at most 8, no repeats. */
export function parseImpressionBeacon(body: string): number[] | null {
  const text = body.trim();
  if (!/^\d{1,9}(,\d{1,9}){0,7}$/.test(text)) return null;
  const ids = text.split(",").map(Number);
  if (ids.some((id) => id <= 0) || new Set(ids).size !== ids.length) return null;
  return ids;
}

/** A banner id in a path: digits only, no leading zero, a size the id column holds. */
export function parseBannerId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,8}$/.test(text)) return null;
  return Number(text);
}
