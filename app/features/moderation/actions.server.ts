import { and, eq, inArray, isNull } from "drizzle-orm";
import { adLeftSale, mailSeller, openReportReasons, reasonLines, type SellerMail } from "~/features/marketplace/ad-page/reports.server";
import { assertRoomForLiveAd, SellingRefused } from "~/features/marketplace/selling/seller-limits.server";
import { REVIEWS_TAG } from "~/features/reviews/reviews.server";
import { bumpRevision, invalidate } from "~/lib/cache.server";
import { db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { moderationActions, modelReviews, reviewReports, usedAdReports, usedAds, users } from "../../../db/schema";
import type { ModerationActionKind, ModerationTarget } from "../../../db/schema/moderation";
import type { AdStatus } from "../../../db/schema/vocabulary";

// What a moderator does (docs/moderation.md), from the /moderation pages and the command line
// alike: restore, remove with a reason, ban a seller. Each is one transaction that locks the item,
// settles its open reports, writes its audit row and moves updated_at (the search index and the
// caches follow it); the seller or author is mailed after the commit. `actor` is who acted: a
// moderator's address, or the command line's operator.

export type ModerationOutcome = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

const notFound = (what: string): ModerationOutcome => ({ ok: false, status: 404, message: `No ${what} has this number.` });

function audit(executor: Executor, targetKind: ModerationTarget, targetId: string | number, action: ModerationActionKind, actor: string, reason: string) {
  return executor.insert(moderationActions).values({ targetKind, targetId: String(targetId), action, actor, reason });
}

/** The status an ad goes back to: sold stays sold, a lapsed listing is expired, else it is on sale. */
function restoredStatus(ad: { soldAt: Date | null; expiresAt: Date | null }, now: Date): AdStatus {
  if (ad.soldAt) return "sold";
  if (ad.expiresAt && ad.expiresAt.getTime() <= now.getTime()) return "expired";
  return "published";
}

async function mailAfterCommit(what: string, send: () => Promise<void>): Promise<void> {
  // The action stands whatever the mail does: the audit row and the item's page say what happened.
  try {
    await send();
  } catch (err) {
    logger.error({ err }, `moderation: ${what}, but the mail was not sent`);
  }
}

// ---------------------------------------------------------------------------------------------
// Ads

export async function restoreAd(adId: number, actor: string, note = ""): Promise<ModerationOutcome> {
  const now = new Date();
  const result = await db().transaction(async (tx) => {
    const [ad] = await tx
      .select({ status: usedAds.status, soldAt: usedAds.soldAt, expiresAt: usedAds.expiresAt, title: usedAds.title, sellerUserId: usedAds.sellerUserId, sellerKind: usedAds.sellerKind })
      .from(usedAds)
      .where(eq(usedAds.id, adId))
      .for("update");
    if (!ad || ad.status === "draft") return null;
    const wasHidden = ad.status === "under_review" || ad.status === "removed";
    const status = wasHidden ? restoredStatus(ad, now) : ad.status;
    // Back on sale counts as a new live ad: a banned seller gets none, and the private limit holds.
    if (wasHidden && status === "published" && ad.sellerKind === "private" && ad.sellerUserId) {
      try {
        await assertRoomForLiveAd(ad.sellerUserId, tx, adId);
      } catch (error) {
        if (error instanceof SellingRefused) return { refused: error.message };
        throw error;
      }
    }
    await tx.update(usedAds).set({ status, reviewRequestedAt: null, updatedAt: now }).where(eq(usedAds.id, adId));
    await tx.update(usedAdReports).set({ resolvedAt: now }).where(and(eq(usedAdReports.adId, adId), isNull(usedAdReports.resolvedAt)));
    await audit(tx, "ad", adId, "restore", actor, note);
    return { wasHidden, status, title: ad.title };
  });
  if (!result) return notFound("ad");
  if ("refused" in result) return { ok: false, status: 409, message: `This ad cannot go back on sale: ${result.refused}` };
  if (result.wasHidden) {
    adLeftSale();
    await mailAfterCommit("ad restored", () => mailSeller(adId, restoredMail(result.status, note)));
  }
  return {
    ok: true,
    message: result.wasHidden ? `“${result.title}” is back (${result.status === "published" ? "for sale" : result.status}); its reports are settled.` : `“${result.title}” stays as it is; its reports are settled.`,
  };
}

export async function removeAd(adId: number, actor: string, reason: string): Promise<ModerationOutcome> {
  const now = new Date();
  const result = await db().transaction(async (tx) => {
    const [ad] = await tx.select({ status: usedAds.status, title: usedAds.title }).from(usedAds).where(eq(usedAds.id, adId)).for("update");
    if (!ad || ad.status === "draft") return null;
    if (ad.status === "removed") return { already: true, title: ad.title };
    // The seller's mail lists the reports that led here, so they are read before being settled.
    const reasons = await openReportReasons(tx, adId);
    await tx.update(usedAds).set({ status: "removed", reviewRequestedAt: null, updatedAt: now }).where(eq(usedAds.id, adId));
    await tx.update(usedAdReports).set({ resolvedAt: now }).where(and(eq(usedAdReports.adId, adId), isNull(usedAdReports.resolvedAt)));
    await audit(tx, "ad", adId, "remove", actor, reason);
    return { already: false, title: ad.title, reasons };
  });
  if (!result) return notFound("ad");
  if (result.already) return { ok: false, status: 409, message: `“${result.title}” is already removed.` };
  adLeftSale();
  await mailAfterCommit("ad removed", () => mailSeller(adId, removedMail(reason), result.reasons));
  return { ok: true, message: `“${result.title}” is removed, and its seller is told why.` };
}

const restoredMail =
  (status: AdStatus, note: string): SellerMail =>
  (seller) => ({
    subject: `Your ad ${seller.title} is back on Voitura`,
    preheader: `We looked at your ad ${seller.title}: it is back`,
    heading: `Your ad ${seller.title} is back`,
    paragraphs: [
      `A person on our team looked at your ad and the reports about it, and put it back${status === "published" ? " on sale" : ""}. Buyers can see it again.`,
      ...(note ? [`Our note: ${note}`] : []),
      "Thank you for your patience.",
    ],
  });

const removedMail =
  (reason: string): SellerMail =>
  (seller, reasons) => ({
    subject: `Your ad ${seller.title} was removed`,
    preheader: `A person on our team removed your ad ${seller.title}`,
    heading: `Your ad ${seller.title} was removed`,
    paragraphs: [
      `A person on our team removed your ad from Voitura. Buyers no longer see it.`,
      `Why: ${reason}`,
      ...(reasons.length ? [`What buyers reported:\n${reasonLines(reasons)}`] : []),
      "If you think this is a mistake, reply to this mail and tell us why.",
    ],
  });

// ---------------------------------------------------------------------------------------------
// Sellers

/** The item a ban was decided on: the ban is written to its history and its reports are settled. */
type BanSource = { kind: "ad"; id: number } | { kind: "review"; id: number };

export async function banSeller(userId: string, actor: string, reason: string, source?: BanSource): Promise<ModerationOutcome> {
  const now = new Date();
  const result = await db().transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, name: users.name, email: users.email, bannedAt: users.bannedAt }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return null;
    if (user.bannedAt) return { already: true as const, user };
    await tx.update(users).set({ bannedAt: now, banReason: reason, updatedAt: now }).where(eq(users.id, userId));
    // Their live ads leave the site with them (drafts stay theirs; sold and expired ads are history).
    const hidden = await tx
      .update(usedAds)
      .set({ status: "removed", reviewRequestedAt: null, updatedAt: now })
      .where(and(eq(usedAds.sellerUserId, userId), inArray(usedAds.status, ["published", "paused", "under_review"])))
      .returning({ id: usedAds.id });
    await audit(tx, "user", userId, "ban", actor, reason);
    for (const ad of hidden) await audit(tx, "ad", ad.id, "remove", actor, `The seller is banned: ${reason}`);
    const settledAds = [...hidden.map((a) => a.id), ...(source?.kind === "ad" ? [source.id] : [])];
    if (settledAds.length) await tx.update(usedAdReports).set({ resolvedAt: now }).where(and(inArray(usedAdReports.adId, settledAds), isNull(usedAdReports.resolvedAt)));
    if (source?.kind === "ad" && !hidden.some((a) => a.id === source.id)) await audit(tx, "ad", source.id, "ban", actor, reason);
    if (source?.kind === "review") {
      // Banned for what they wrote: the review leaves the site with them.
      await tx.update(modelReviews).set({ hiddenAt: now, updatedAt: now }).where(and(eq(modelReviews.id, source.id), isNull(modelReviews.hiddenAt)));
      await tx.update(reviewReports).set({ resolvedAt: now }).where(and(eq(reviewReports.reviewId, source.id), isNull(reviewReports.resolvedAt)));
      await audit(tx, "review", source.id, "ban", actor, reason);
      await bumpRevision(tx, REVIEWS_TAG);
    }
    return { already: false as const, user, hidden: hidden.length };
  });
  if (!result) return notFound("account");
  if (result.already) return { ok: false, status: 409, message: `${result.user.name} is already banned.` };
  adLeftSale();
  if (source?.kind === "review") invalidate(REVIEWS_TAG);
  const { user } = result;
  await mailAfterCommit("seller banned", async () => {
    const { html, text } = renderMail({
      preheader: "Your Voitura account can no longer sell",
      heading: "Your account can no longer sell on Voitura",
      paragraphs: [
        "A person on our team has banned your account from selling on Voitura. Your ads are no longer shown, and you cannot post new ones.",
        `Why: ${reason}`,
        "You can still sign in to see your account and delete it. If you think this is a mistake, reply to this mail and tell us why.",
      ],
    });
    await sendMail({ to: { name: user.name, address: user.email }, subject: "Your Voitura account can no longer sell", text, html });
  });
  return { ok: true, message: `${user.name} is banned: ${result.hidden} live ${result.hidden === 1 ? "ad" : "ads"} hidden, no new posts.` };
}

// ---------------------------------------------------------------------------------------------
// Owner reviews

async function settleReview(reviewId: number, actor: string, hidden: boolean, action: "restore" | "remove", reason: string) {
  const now = new Date();
  const result = await db().transaction(async (tx) => {
    const [review] = await tx.select({ id: modelReviews.id, title: modelReviews.title, userId: modelReviews.userId }).from(modelReviews).where(eq(modelReviews.id, reviewId)).for("update");
    if (!review) return null;
    await tx.update(modelReviews).set({ hiddenAt: hidden ? now : null, updatedAt: now }).where(eq(modelReviews.id, reviewId));
    await tx.update(reviewReports).set({ resolvedAt: now }).where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)));
    await audit(tx, "review", reviewId, action, actor, reason);
    await bumpRevision(tx, REVIEWS_TAG);
    return review;
  });
  if (result) invalidate(REVIEWS_TAG);
  return result;
}

export async function restoreReview(reviewId: number, actor: string, note = ""): Promise<ModerationOutcome> {
  const review = await settleReview(reviewId, actor, false, "restore", note);
  if (!review) return notFound("review");
  return { ok: true, message: `The review “${review.title}” is shown; its reports are settled.` };
}

export async function removeReview(reviewId: number, actor: string, reason: string): Promise<ModerationOutcome> {
  const review = await settleReview(reviewId, actor, true, "remove", reason);
  if (!review) return notFound("review");
  await mailAfterCommit("review removed", async () => {
    const [author] = await db().select({ name: users.name, email: users.email }).from(users).where(eq(users.id, review.userId));
    if (!author) return;
    const { html, text } = renderMail({
      preheader: `Your review ${review.title} was removed`,
      heading: `Your review “${review.title}” was removed`,
      paragraphs: [`A person on our team removed your owner review from Voitura.`, `Why: ${reason}`, "You can write your review of this car again, within the rules: reply to this mail if you think this is a mistake."],
    });
    await sendMail({ to: { name: author.name, address: author.email }, subject: `Your review ${review.title} was removed`, text, html });
  });
  return { ok: true, message: `The review “${review.title}” is removed, and its author is told why.` };
}

/** Bans the private seller of an ad (a dealer is no account to ban). */
export async function banSellerOfAd(adId: number, actor: string, reason: string): Promise<ModerationOutcome> {
  const [ad] = await db().select({ sellerUserId: usedAds.sellerUserId }).from(usedAds).where(eq(usedAds.id, adId));
  if (!ad) return notFound("ad");
  if (!ad.sellerUserId) return { ok: false, status: 409, message: "This ad is a dealer's: dealers are not accounts that can be banned." };
  return banSeller(ad.sellerUserId, actor, reason, { kind: "ad", id: adId });
}

/** Bans the author of a review from selling (their ads leave the site with them). */
export async function banAuthorOfReview(reviewId: number, actor: string, reason: string): Promise<ModerationOutcome> {
  const [review] = await db().select({ userId: modelReviews.userId }).from(modelReviews).where(eq(modelReviews.id, reviewId));
  if (!review) return notFound("review");
  return banSeller(review.userId, actor, reason, { kind: "review", id: reviewId });
}
