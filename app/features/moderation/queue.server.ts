import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { adPage, type AdPageData } from "~/features/marketplace/ad-page/ad-page.server";
import { adUrl } from "~/features/marketplace/urls";
import { adStatusLabels, reportReasonLabels } from "~/features/marketplace/vocabulary";
import { reviewReportReasonLabels } from "~/features/reviews/review-report-schema";
import { modelReviewsUrl } from "~/features/reviews/urls";
import { db } from "~/lib/db.server";
import { reportCountsTowardsReview } from "~/lib/report-rules";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { brands, dealers, moderationActions, modelReviews, models, reviewReports, usedAdReports, usedAds, users } from "../../../db/schema";
import type { ModerationTarget } from "../../../db/schema/moderation";
import type { AdStatus } from "../../../db/schema/vocabulary";
import { dealerRatingQueueItems } from "./dealer-ratings.server";
import type { HistoryEntry, ItemReport, QueueItem, SellerAccount } from "./queue-items";
import { adSignals, type ModerationSignal } from "./signals.server";
import { claimsInReview } from "~/features/dealer-accounts/claims-review.server";
import { moderationAdPath, moderationClaimPath, moderationReviewPath } from "./urls";

// What a moderator reads: the queue of reported ads, reviews and dealer ratings (the ratings' own
// reads are dealer-ratings.server.ts), and one item with its reports, its seller or author, the
// signals and its history. Reads only; the writes are actions.server.ts.

const QUEUE_LIMIT = 100;

const reasonList = <R extends string>(rows: { id: number; reason: R; count: number }[], id: number, labels: Record<R, string>) =>
  rows.filter((r) => r.id === id).map((r) => `${labels[r.reason]} (${r.count})`);

/**
 * Reported ads, reviews and dealer ratings with something to settle (open reports, or an ad under review),
 * newest first; ads whose sellers asked for a review again come before everything else.
 */
export async function moderationQueue(): Promise<QueueItem[]> {
  const latestAdReport = sql<Date | null>`max(${usedAdReports.createdAt}) filter (where ${usedAdReports.resolvedAt} is null)`;
  const adRows = await db()
    .select({
      id: usedAds.id,
      title: usedAds.title,
      status: usedAds.status,
      requestedAt: usedAds.reviewRequestedAt,
      updatedAt: usedAds.updatedAt,
      open: sql<number>`count(${usedAdReports.id}) filter (where ${usedAdReports.resolvedAt} is null)::int`,
      latest: latestAdReport,
    })
    .from(usedAds)
    .leftJoin(usedAdReports, eq(usedAdReports.adId, usedAds.id))
    .where(
      or(
        eq(usedAds.status, "under_review"),
        sql`exists (select 1 from ${usedAdReports} r where r.ad_id = ${usedAds.id} and r.resolved_at is null)`,
      ),
    )
    .groupBy(usedAds.id)
    .orderBy(sql`${usedAds.reviewRequestedAt} is null`, sql`greatest(${latestAdReport}, ${usedAds.reviewRequestedAt}) desc nulls last`, desc(usedAds.id))
    .limit(QUEUE_LIMIT);

  const latestReviewReport = sql<Date | null>`max(${reviewReports.createdAt})`;
  const reviewRows = await db()
    .select({ id: modelReviews.id, title: modelReviews.title, hiddenAt: modelReviews.hiddenAt, open: sql<number>`count(${reviewReports.id})::int`, latest: latestReviewReport })
    .from(modelReviews)
    .innerJoin(reviewReports, and(eq(reviewReports.reviewId, modelReviews.id), isNull(reviewReports.resolvedAt)))
    .groupBy(modelReviews.id)
    .orderBy(sql`${latestReviewReport} desc`)
    .limit(QUEUE_LIMIT);

  const adIds = adRows.map((r) => r.id);
  const reviewIds = reviewRows.map((r) => r.id);
  const [adReasons, reviewReasons, signals] = await Promise.all([
    adIds.length
      ? db()
          .select({ id: usedAdReports.adId, reason: usedAdReports.reason, count: sql<number>`count(*)::int` })
          .from(usedAdReports)
          .where(and(inArray(usedAdReports.adId, adIds), isNull(usedAdReports.resolvedAt)))
          .groupBy(usedAdReports.adId, usedAdReports.reason)
          .orderBy(sql`count(*) desc`, usedAdReports.reason)
      : [],
    reviewIds.length
      ? db()
          .select({ id: reviewReports.reviewId, reason: reviewReports.reason, count: sql<number>`count(*)::int` })
          .from(reviewReports)
          .where(and(inArray(reviewReports.reviewId, reviewIds), isNull(reviewReports.resolvedAt)))
          .groupBy(reviewReports.reviewId, reviewReports.reason)
          .orderBy(sql`count(*) desc`, reviewReports.reason)
      : [],
    adSignals(adIds),
  ]);

  const ads: QueueItem[] = adRows.map((row) => ({
    kind: "ad",
    id: row.id,
    title: row.title,
    statusLabel: adStatusLabels[row.status],
    path: moderationAdPath(row.id),
    openReports: row.open,
    reasons: reasonList(adReasons, row.id, reportReasonLabels),
    latestAt: new Date(Math.max(...[row.latest, row.requestedAt, row.updatedAt].filter((d): d is Date => d !== null).map((d) => new Date(d).getTime()))).toISOString(),
    reviewRequested: row.requestedAt !== null,
    signals: signals.get(row.id) ?? [],
  }));
  const reviews: QueueItem[] = reviewRows.map((row) => ({
    kind: "review",
    id: row.id,
    title: row.title,
    statusLabel: row.hiddenAt ? "Hidden, under review" : "Shown",
    path: moderationReviewPath(row.id),
    openReports: row.open,
    reasons: reasonList(reviewReasons, row.id, reviewReportReasonLabels),
    latestAt: new Date(row.latest ?? 0).toISOString(),
    reviewRequested: false,
    signals: [],
  }));
  // Dealer claims a person must check (no listed address, or the claimant cannot read it).
  const claims: QueueItem[] = (await claimsInReview()).map((claim) => ({
    kind: "dealer-claim",
    id: claim.id,
    title: `${claim.claimantName} claims ${claim.dealerName}`,
    statusLabel: "Claim in review",
    path: moderationClaimPath(claim.id),
    openReports: 0,
    reasons: [],
    latestAt: claim.requestedAt,
    reviewRequested: false,
    signals: [],
  }));
  const ratings = await dealerRatingQueueItems();
  // Requests for a review first, then everything by its newest event.
  return [...ads, ...reviews, ...ratings, ...claims].sort((a, b) => Number(b.reviewRequested) - Number(a.reviewRequested) || b.latestAt.localeCompare(a.latestAt));
}

// ---------------------------------------------------------------------------------------------
// One item

interface ModerationAdItem {
  kind: "ad";
  id: number;
  status: AdStatus;
  statusLabel: string;
  /** The page a buyer opens (it shows only the car's name while the ad is off sale). */
  publicPath: string;
  page: AdPageData;
  reports: ItemReport[];
  seller: { kind: "private"; account: SellerAccount | null } | { kind: "dealer"; name: string };
  otherAds: { id: number; title: string; statusLabel: string; priceZar: number; path: string }[];
  signals: ModerationSignal[];
  history: HistoryEntry[];
}

const historyLabels: Record<string, string> = {
  "under-review": "Put under review",
  "review-requested": "Seller asked for a review",
  restore: "Restored",
  remove: "Removed",
  ban: "Seller banned",
  approve: "Approved",
  refuse: "Refused",
};

/** An audit row's action as the history shows it. */
export const historyLabel = (action: string): string => historyLabels[action] ?? action;

async function historyOf(targetKind: ModerationTarget, targetId: string): Promise<HistoryEntry[]> {
  const rows = await db()
    .select()
    .from(moderationActions)
    .where(and(eq(moderationActions.targetKind, targetKind), eq(moderationActions.targetId, targetId)))
    .orderBy(asc(moderationActions.createdAt), asc(moderationActions.id));
  return rows.map((r) => ({ action: historyLabels[r.action] ?? r.action, actor: r.actor, reason: r.reason, at: r.createdAt.toISOString() }));
}

function account(row: { id: string; name: string; email: string; createdAt: Date; bannedAt: Date | null; banReason: string | null }): SellerAccount {
  return { userId: row.id, name: row.name, email: row.email, memberSince: row.createdAt.toISOString(), bannedAt: row.bannedAt?.toISOString() ?? null, banReason: row.banReason };
}

export async function moderationAdItem(adId: number): Promise<ModerationAdItem | null> {
  const page = await adPage(adId, db());
  if (!page || page.ad.status === "draft") return null;
  const [row] = await db()
    .select({ sellerUserId: usedAds.sellerUserId, sellerKind: usedAds.sellerKind, dealerName: dealers.name })
    .from(usedAds)
    .leftJoin(dealers, eq(dealers.id, usedAds.dealerId))
    .where(eq(usedAds.id, adId));
  const [reportRows, sellerRows, otherRows, signals, history] = await Promise.all([
    db()
      .select({ report: usedAdReports, name: users.name, emailVerified: users.emailVerified, createdAt: users.createdAt })
      .from(usedAdReports)
      .leftJoin(users, eq(users.id, usedAdReports.userId))
      .where(eq(usedAdReports.adId, adId))
      .orderBy(desc(usedAdReports.createdAt)),
    row?.sellerUserId ? db().select().from(users).where(eq(users.id, row.sellerUserId)) : Promise.resolve([]),
    row?.sellerUserId
      ? db()
          .select({ id: usedAds.id, slug: usedAds.slug, title: usedAds.title, status: usedAds.status, priceZar: usedAds.priceZar })
          .from(usedAds)
          .where(and(eq(usedAds.sellerUserId, row.sellerUserId), ne(usedAds.id, adId), ne(usedAds.status, "draft")))
          .orderBy(desc(usedAds.createdAt))
          .limit(50)
      : Promise.resolve([]),
    adSignals([adId]),
    historyOf("ad", String(adId)),
  ]);
  const seller = sellerRows[0];
  return {
    kind: "ad",
    id: adId,
    status: page.ad.status,
    statusLabel: adStatusLabels[page.ad.status],
    publicPath: adUrl(page.ad),
    page,
    reports: reportRows.map(({ report, name, emailVerified, createdAt }) => ({
      reasonLabel: reportReasonLabels[report.reason],
      details: report.details,
      at: report.createdAt.toISOString(),
      reporter: name ? `${name}, member since ${formatSouthAfricanDate(createdAt!)}` : "A visitor without an account (before reports needed one)",
      counts: name !== null && reportCountsTowardsReview({ emailVerified: emailVerified!, createdAt: createdAt! }, report.createdAt),
      settled: report.resolvedAt !== null,
    })),
    seller: row?.sellerKind === "dealer" ? { kind: "dealer", name: row.dealerName ?? "Dealer" } : { kind: "private", account: seller ? account(seller) : null },
    otherAds: otherRows.map((ad) => ({ id: ad.id, title: ad.title, statusLabel: adStatusLabels[ad.status], priceZar: ad.priceZar, path: moderationAdPath(ad.id) })),
    signals: signals.get(adId) ?? [],
    history,
  };
}

interface ModerationReviewItem {
  kind: "review";
  id: number;
  hidden: boolean;
  review: { title: string; likes: string; dislikes: string; overall: number; recommends: boolean; yearBought: number; kilometres: number; createdAt: string };
  model: { name: string; publicPath: string };
  author: SellerAccount;
  authorReviews: number;
  reports: ItemReport[];
  history: HistoryEntry[];
}

export async function moderationReviewItem(reviewId: number): Promise<ModerationReviewItem | null> {
  const [row] = await db()
    .select({ review: modelReviews, author: users, modelName: models.name, modelSlug: models.slug, modelId: models.id, brandName: brands.name, brandSlug: brands.slug })
    .from(modelReviews)
    .innerJoin(users, eq(users.id, modelReviews.userId))
    .innerJoin(models, eq(models.id, modelReviews.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(eq(modelReviews.id, reviewId));
  if (!row) return null;
  const [reportRows, written, history] = await Promise.all([
    db()
      .select({ report: reviewReports, name: users.name, emailVerified: users.emailVerified, createdAt: users.createdAt })
      .from(reviewReports)
      .leftJoin(users, eq(users.id, reviewReports.userId))
      .where(eq(reviewReports.reviewId, reviewId))
      .orderBy(desc(reviewReports.createdAt)),
    db().$count(modelReviews, eq(modelReviews.userId, row.author.id)),
    historyOf("review", String(reviewId)),
  ]);
  const { review } = row;
  return {
    kind: "review",
    id: reviewId,
    hidden: review.hiddenAt !== null,
    review: {
      title: review.title,
      likes: review.likes,
      dislikes: review.dislikes,
      overall: review.overall,
      recommends: review.recommends,
      yearBought: review.yearBought,
      kilometres: review.kilometres,
      createdAt: review.createdAt.toISOString(),
    },
    model: { name: `${row.brandName} ${row.modelName}`, publicPath: modelReviewsUrl(row.brandSlug, { id: row.modelId, slug: row.modelSlug }) },
    author: account(row.author),
    authorReviews: written,
    reports: reportRows.map(({ report, name, emailVerified, createdAt }) => ({
      reasonLabel: reviewReportReasonLabels[report.reason],
      details: report.details,
      at: report.createdAt.toISOString(),
      reporter: name ? `${name}, member since ${formatSouthAfricanDate(createdAt!)}` : "A visitor without an account",
      counts: name !== null && reportCountsTowardsReview({ emailVerified: emailVerified!, createdAt: createdAt! }, report.createdAt),
      settled: report.resolvedAt !== null,
    })),
    history,
  };
}
