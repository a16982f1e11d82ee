import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { moderationActions, usedAdFavourites, usedAdPhotos, usedAdReports, usedAds } from "../../../../db/schema";
import type { AdStatus, ReportReason } from "../../../../db/schema/vocabulary";
import type { BodyType } from "../../../../db/schema/catalogue";
import { PRIVATE_LIVE_AD_LIMIT } from "../ad-form-rules";
import { allowedFrom, DAY_MS, LISTING_DAYS, type MyAdIntent } from "./my-ads-rules";
import { markSearchIndexStale } from "../search/search-index.server";
import { assertDealerRoomForLiveAd, assertRoomForLiveAd, liveAdCount, SellingRefused } from "../selling/seller-limits.server";
import type { AdPhoto } from "../types";

// "My ads": the signed-in seller's ads with their figures, and the seller's actions on them.
// Every action runs in one transaction that locks the ad, checks it is the user's and that the
// action suits its status, then writes and moves updated_at (the search index and the card cache
// re-read the row by it, decision 012); the index is marked stale after the commit. Deleting an
// ad deletes its row: photo rows, prices, favourites, contacts, reports and an edit draft go with
// it (ON DELETE CASCADE); the photo files are left to the storage cleanup job, which removes any
// upload nothing refers to any more.

export interface MyAd {
  id: number;
  slug: string;
  title: string;
  status: AdStatus;
  sellerKind: "private" | "dealer";
  priceZar: number;
  previousPriceZar: number | null;
  viewCount: number;
  contactCount: number;
  phoneRevealCount: number;
  favouriteCount: number;
  publishedAt: Date | null;
  expiresAt: Date | null;
  soldAt: Date | null;
  bodyType: BodyType;
  colour: string;
  cover: AdPhoto | null;
  /** An ad under review: what its open reports say, most given first, and whether the seller asked for a review. */
  review: { reasons: { reason: ReportReason; count: number }[]; requested: boolean } | null;
}

/** The user's ads, newest first: every status but removed (a moderator took those down). */
export async function sellerAds(userId: string, executor: Executor = db()): Promise<MyAd[]> {
  const favourites = executor
    .select({ adId: usedAdFavourites.adId, n: sql<number>`count(*)::int`.as("n") })
    .from(usedAdFavourites)
    .groupBy(usedAdFavourites.adId)
    .as("favourites");
  const rows = await executor
    .select({
      id: usedAds.id,
      slug: usedAds.slug,
      title: usedAds.title,
      status: usedAds.status,
      sellerKind: usedAds.sellerKind,
      priceZar: usedAds.priceZar,
      previousPriceZar: usedAds.previousPriceZar,
      viewCount: usedAds.viewCount,
      contactCount: usedAds.contactCount,
      phoneRevealCount: usedAds.phoneRevealCount,
      favouriteCount: sql<number>`coalesce(${favourites.n}, 0)::int`,
      publishedAt: usedAds.publishedAt,
      expiresAt: usedAds.expiresAt,
      soldAt: usedAds.soldAt,
      bodyType: usedAds.bodyType,
      colour: usedAds.colour,
      reviewRequestedAt: usedAds.reviewRequestedAt,
    })
    .from(usedAds)
    .leftJoin(favourites, eq(favourites.adId, usedAds.id))
    .where(and(eq(usedAds.sellerUserId, userId), ne(usedAds.status, "removed")))
    .orderBy(desc(usedAds.createdAt), desc(usedAds.id))
    .limit(500);
  if (rows.length === 0) return [];
  const covers = await executor
    .select({ adId: usedAdPhotos.adId, storageKey: usedAdPhotos.storageKey, width: usedAdPhotos.width, height: usedAdPhotos.height, alt: usedAdPhotos.alt })
    .from(usedAdPhotos)
    .where(and(inArray(usedAdPhotos.adId, rows.map((r) => r.id)), eq(usedAdPhotos.position, 0)))
    .orderBy(asc(usedAdPhotos.adId));
  const coverOf = new Map(covers.map(({ adId, ...photo }) => [adId, photo]));
  const held = rows.filter((r) => r.status === "under_review").map((r) => r.id);
  const reasonRows = held.length
    ? await executor
        .select({ adId: usedAdReports.adId, reason: usedAdReports.reason, count: sql<number>`count(*)::int` })
        .from(usedAdReports)
        .where(and(inArray(usedAdReports.adId, held), isNull(usedAdReports.resolvedAt)))
        .groupBy(usedAdReports.adId, usedAdReports.reason)
        .orderBy(sql`count(*) desc`, usedAdReports.reason)
    : [];
  return rows.map(({ reviewRequestedAt, ...row }) => ({
    ...row,
    favouriteCount: Number(row.favouriteCount),
    cover: coverOf.get(row.id) ?? null,
    review:
      row.status === "under_review"
        ? { reasons: reasonRows.filter((r) => r.adId === row.id).map(({ reason, count }) => ({ reason, count })), requested: reviewRequestedAt !== null }
        : null,
  }));
}

interface MyAdsPage {
  ads: MyAd[];
  /** Published and paused private ads (seller-limits.server.ts). */
  liveCount: number;
  liveLimit: number;
}

export async function myAdsPage(userId: string, executor: Executor = db()): Promise<MyAdsPage> {
  const [ads, liveCount] = await Promise.all([sellerAds(userId, executor), liveAdCount(userId, executor)]);
  return { ads, liveCount, liveLimit: PRIVATE_LIVE_AD_LIMIT };
}

type MyAdActionResult =
  | { ok: true; ad: { id: number; title: string; status: AdStatus | "deleted"; expiresAt: Date | null } }
  | { ok: false; reason: "not-found" | "wrong-status" | "limit"; message: string };

const AD_NOT_FOUND_MESSAGE = "This ad does not exist or is not yours.";
const ADS_NOT_FOUND_MESSAGE = "Choose ads of your own: one of these does not exist or is not yours.";
const WRONG_STATUS: Record<MyAdIntent, string> = {
  sold: "Only an ad that is for sale, paused or expired can be marked as sold.",
  renew: "Only an ad that is for sale or expired can be renewed.",
  pause: "Only an ad that is for sale can be paused.",
  unpause: "Only a paused ad can be put back on sale.",
  delete: "This ad cannot be deleted.",
  "review-again": "Only an ad under review can be sent for review again.",
};

/** A new expiry: LISTING_DAYS from `now`. */
export const renewedExpiry = (now: Date): Date => new Date(now.getTime() + LISTING_DAYS * DAY_MS);

/** Whose ads an action may touch: a private seller's own, or a dealer's (a member acting for it, issue 46). */
export type AdOwner = { userId: string } | { dealerId: number };

const ownedBy = (owner: AdOwner) => ("userId" in owner ? eq(usedAds.sellerUserId, owner.userId) : eq(usedAds.dealerId, owner.dealerId));

type Transaction = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/**
 * One action on one ad inside the caller's transaction: locks the ad, checks it is the owner's
 * and that the action suits its status, then writes. Throws SellingRefused when a renewal or an
 * unpause would pass the owner's live-ads limit.
 */
async function applyAdActionIn(tx: Transaction, owner: AdOwner, adId: number, intent: MyAdIntent, now: Date): Promise<MyAdActionResult> {
  const [ad] = await tx
    .select({ id: usedAds.id, title: usedAds.title, status: usedAds.status, sellerKind: usedAds.sellerKind, expiresAt: usedAds.expiresAt })
    .from(usedAds)
    .where(and(eq(usedAds.id, adId), ownedBy(owner), ne(usedAds.status, "removed")))
    .for("update")
    .limit(1);
  if (!ad) return { ok: false as const, reason: "not-found" as const, message: AD_NOT_FOUND_MESSAGE };
  if (!allowedFrom[intent].includes(ad.status)) return { ok: false as const, reason: "wrong-status" as const, message: WRONG_STATUS[intent] };
  const touched = { updatedAt: sql`now()` };
  const own = eq(usedAds.id, ad.id);
  const done = (status: AdStatus | "deleted", expiresAt: Date | null = ad.expiresAt) => ({ ok: true as const, ad: { id: ad.id, title: ad.title, status, expiresAt } });
  // Published and paused ads count as live: only an expired ad coming back adds one.
  const roomForLiveAd = async () => {
    if ("dealerId" in owner) await assertDealerRoomForLiveAd(owner.dealerId, tx, ad.id);
    else if (ad.sellerKind === "private") await assertRoomForLiveAd(owner.userId, tx, ad.id);
  };
  switch (intent) {
    case "sold":
      await tx.update(usedAds).set({ status: "sold", soldAt: now, ...touched }).where(own);
      return done("sold");
    case "renew": {
      // An expired ad comes back as a live one: the limit is checked inside this transaction.
      if (ad.status !== "published") await roomForLiveAd();
      const expiresAt = renewedExpiry(now);
      await tx.update(usedAds).set({ status: "published", expiresAt, expiryWarnedAt: null, ...touched }).where(own);
      return done("published", expiresAt);
    }
    case "pause":
      await tx.update(usedAds).set({ status: "paused", ...touched }).where(own);
      return done("paused");
    case "unpause": {
      // A private seller may have been banned meanwhile (the check reads that too).
      if ("userId" in owner && ad.sellerKind === "private") await assertRoomForLiveAd(owner.userId, tx, ad.id);
      // A pause does not stop the clock; an ad whose time ran out meanwhile comes back renewed.
      const lapsed = ad.expiresAt === null || ad.expiresAt.getTime() <= now.getTime();
      const expiresAt = lapsed ? renewedExpiry(now) : ad.expiresAt;
      await tx
        .update(usedAds)
        .set({ status: "published", expiresAt, ...(lapsed ? { expiryWarnedAt: null } : {}), ...touched })
        .where(own);
      return done("published", expiresAt);
    }
    case "delete":
      await tx.delete(usedAds).where(own);
      return done("deleted", null);
    case "review-again": {
      // The ad stays hidden: only a moderator puts it back. Asked twice, it keeps its first place.
      const asked = await tx
        .update(usedAds)
        .set({ reviewRequestedAt: sql`now()` })
        .where(and(own, isNull(usedAds.reviewRequestedAt)))
        .returning({ id: usedAds.id });
      if (asked.length) await tx.insert(moderationActions).values({ targetKind: "ad", targetId: String(ad.id), action: "review-requested", actor: "seller", reason: "The seller says the ad is fixed." });
      return done("under_review");
    }
  }
}

/**
 * One of the seller's actions on one of their ads, in one transaction. `now` is the action's
 * clock for sold_at and the new expiry (tests pass their own); updated_at takes the database's.
 */
export async function applyMyAdAction(userId: string, adId: number, intent: MyAdIntent, now: Date = new Date()): Promise<MyAdActionResult> {
  let result: MyAdActionResult;
  try {
    result = await db().transaction((tx) => applyAdActionIn(tx, { userId }, adId, intent, now));
  } catch (error) {
    if (error instanceof SellingRefused) return { ok: false, reason: "limit", message: error.message };
    throw error;
  }
  if (result.ok) markSearchIndexStale();
  return result;
}

export type AdsActionResult =
  | { ok: true; done: { id: number; title: string }[]; skipped: { id: number; title: string; message: string }[] }
  | { ok: false; reason: "not-found" | "limit"; message: string };

/**
 * One action on several ads of one owner (the dealer dashboard's bulk actions), in one
 * transaction: every id must be the owner's, else nothing is written; ads whose status does not
 * allow the action are skipped and named.
 */
export async function applyAdsAction(owner: AdOwner, adIds: readonly number[], intent: MyAdIntent, now: Date = new Date()): Promise<AdsActionResult> {
  const ids = [...new Set(adIds)].sort((a, b) => a - b);
  let result: AdsActionResult;
  try {
    result = await db().transaction(async (tx) => {
      // Locked in id order, so two bulk actions over the same ads cannot deadlock.
      const owned = await tx
        .select({ id: usedAds.id, title: usedAds.title })
        .from(usedAds)
        .where(and(inArray(usedAds.id, ids), ownedBy(owner), ne(usedAds.status, "removed")))
        .orderBy(asc(usedAds.id))
        .for("update");
      if (ids.length === 0 || owned.length !== ids.length) return { ok: false as const, reason: "not-found" as const, message: ADS_NOT_FOUND_MESSAGE };
      const done: { id: number; title: string }[] = [];
      const skipped: { id: number; title: string; message: string }[] = [];
      for (const ad of owned) {
        const one = await applyAdActionIn(tx, owner, ad.id, intent, now);
        if (one.ok) done.push({ id: ad.id, title: ad.title });
        else skipped.push({ id: ad.id, title: ad.title, message: one.message });
      }
      return { ok: true as const, done, skipped };
    });
  } catch (error) {
    if (error instanceof SellingRefused) return { ok: false, reason: "limit", message: error.message };
    throw error;
  }
  if (result.ok && result.done.length) markSearchIndexStale();
  return result;
}
