import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { invalidate } from "~/lib/cache.server";
import { db, type Executor } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { accountReporterKey, REPORTER_MIN_ACCOUNT_AGE_MS, REPORTS_FOR_REVIEW } from "~/lib/report-rules";
import { dealers, moderationActions, usedAdReports, usedAds, users } from "../../../../db/schema";
import type { ReportReason } from "../../../../db/schema/vocabulary";
import type { ReportInput } from "./report-schema";
import { markSearchIndexStale } from "../search/search-index.server";
import { MY_ADS_PATH } from "../my-ads/my-ads-rules";
import { reportReasonLabels } from "../vocabulary";

// Reports of an ad go to people (docs/moderation.md): one per verified account, and none removes
// anything. When open reports from REPORTS_FOR_REVIEW distinct established accounts reach a live
// ad, it goes under review (hidden from buyers) in the same transaction and its seller is told by
// mail after the commit; a moderator then restores or removes it.

type ReportResult =
  | { ok: true; underReview: boolean }
  | { ok: false; reason: "not-found" | "already-reported" | "own-ad" | "unverified" };

/** Statuses a buyer can report: the ad is on the site. */
const REPORTABLE = ["published", "sold", "under_review"] as const;

export async function reportAd(adId: number, input: ReportInput, reporter: { userId: string }): Promise<ReportResult> {
  const outcome = await db().transaction(async (tx) => {
    const [ad] = await tx
      .select({ status: usedAds.status, sellerUserId: usedAds.sellerUserId })
      .from(usedAds)
      .where(eq(usedAds.id, adId))
      .limit(1)
      // One report at a time per ad, so the report that reaches the line is counted by one transaction.
      .for("update");
    if (!ad || !(REPORTABLE as readonly string[]).includes(ad.status)) return { ok: false as const, reason: "not-found" as const };
    if (ad.sellerUserId === reporter.userId) return { ok: false as const, reason: "own-ad" as const };
    // Read here, not from the session: a session kept in Redis carries the account as it was at sign-in.
    const [account] = await tx.select({ verified: users.emailVerified }).from(users).where(eq(users.id, reporter.userId));
    if (!account?.verified) return { ok: false as const, reason: "unverified" as const };
    const inserted = await tx
      .insert(usedAdReports)
      .values({ adId, reporterKey: accountReporterKey(reporter.userId), userId: reporter.userId, reason: input.reason, details: input.details })
      .onConflictDoNothing({ target: [usedAdReports.adId, usedAdReports.reporterKey] })
      .returning({ id: usedAdReports.id });
    if (inserted.length === 0) return { ok: false as const, reason: "already-reported" as const };
    if (ad.status === "under_review") return { ok: true as const, underReview: false };
    if ((await countingReports(tx, adId)) < REPORTS_FOR_REVIEW) return { ok: true as const, underReview: false };
    const held = await tx
      .update(usedAds)
      .set({ status: "under_review", reviewRequestedAt: null, updatedAt: new Date() })
      .where(and(eq(usedAds.id, adId), inArray(usedAds.status, ["published", "sold"])))
      .returning({ id: usedAds.id });
    if (held.length === 0) return { ok: true as const, underReview: false };
    const reasons = await openReportReasons(tx, adId);
    await tx.insert(moderationActions).values({
      targetKind: "ad",
      targetId: String(adId),
      action: "under-review",
      actor: "system",
      reason: `${REPORTS_FOR_REVIEW} reports from established accounts: ${reasons.map((r) => `${reportReasonLabels[r.reason]} (${r.count})`).join(", ")}`,
    });
    return { ok: true as const, underReview: true };
  });
  if (outcome.ok && outcome.underReview) {
    adLeftSale();
    try {
      await mailSeller(adId, underReviewMail);
    } catch (err) {
      logger.error({ err, adId }, "ad put under review, but the seller was not mailed");
    }
  }
  return outcome;
}

/** Open reports of an ad from verified accounts that were a day old or more when they reported. */
async function countingReports(executor: Executor, adId: number): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(distinct ${usedAdReports.userId})::int` })
    .from(usedAdReports)
    .innerJoin(users, eq(users.id, usedAdReports.userId))
    .where(
      and(
        eq(usedAdReports.adId, adId),
        isNull(usedAdReports.resolvedAt),
        eq(users.emailVerified, true),
        sql`${users.createdAt} <= ${usedAdReports.createdAt} - make_interval(secs => ${REPORTER_MIN_ACCOUNT_AGE_MS / 1000})`,
      ),
    );
  return row?.n ?? 0;
}

/** The reasons of an ad's open reports, most given first. */
export async function openReportReasons(executor: Executor, adId: number): Promise<{ reason: ReportReason; count: number }[]> {
  return executor
    .select({ reason: usedAdReports.reason, count: sql<number>`count(*)::int` })
    .from(usedAdReports)
    .where(and(eq(usedAdReports.adId, adId), isNull(usedAdReports.resolvedAt)))
    .groupBy(usedAdReports.reason)
    .orderBy(sql`count(*) desc`, usedAdReports.reason);
}

/** After an ad leaves sale or comes back: no cached page or search result shows its old state. */
export function adLeftSale(): void {
  // A hidden ad (often a scam) must not be served from a cached page for even a few seconds more
  // on this instance (others keep a page 10 s at most); this is rare, so the cost is small.
  invalidate("marketplace");
  markSearchIndexStale();
}

interface AdSellerAddress {
  title: string;
  name: string;
  address: string;
}

/** Where mail about an ad goes: its private seller's account or its dealer's listed address. */
async function adSellerAddress(adId: number, executor: Executor = db()): Promise<AdSellerAddress | null> {
  const [ad] = await executor
    .select({
      title: usedAds.title,
      sellerKind: usedAds.sellerKind,
      userEmail: users.email,
      userName: users.name,
      dealerEmail: dealers.email,
      dealerName: dealers.name,
    })
    .from(usedAds)
    .leftJoin(users, eq(users.id, usedAds.sellerUserId))
    .leftJoin(dealers, eq(dealers.id, usedAds.dealerId))
    .where(eq(usedAds.id, adId))
    .limit(1);
  const address = ad?.sellerKind === "dealer" ? ad.dealerEmail : ad?.userEmail;
  if (!ad || !address) return null;
  return { title: ad.title, name: (ad.sellerKind === "dealer" ? ad.dealerName : ad.userName) ?? "", address };
}

export type SellerMail = (seller: AdSellerAddress, reasons: { reason: ReportReason; count: number }[]) => { subject: string; preheader: string; heading: string; paragraphs: string[] };

/** Mails an ad's seller (a no-op, logged, when the ad has no address), with the reasons given (else its open reports'). */
export async function mailSeller(adId: number, compose: SellerMail, given?: { reason: ReportReason; count: number }[]): Promise<void> {
  const seller = await adSellerAddress(adId);
  if (!seller) {
    logger.warn({ adId }, "a mail about an ad was not sent: its seller has no e-mail address");
    return;
  }
  const reasons = given ?? (await openReportReasons(db(), adId));
  const { subject, preheader, heading, paragraphs } = compose(seller, reasons);
  const { html, text } = renderMail({ preheader, heading, paragraphs, action: { label: "Open My ads", url: `${publicUrl()}${MY_ADS_PATH}` } });
  await sendMail({ to: { name: seller.name, address: seller.address }, subject, text, html });
}

export function reasonLines(reasons: { reason: ReportReason; count: number }[]): string {
  return reasons.map((r) => `- ${reportReasonLabels[r.reason]} (${r.count})`).join("\n");
}

const underReviewMail: SellerMail = (seller, reasons) => ({
  subject: `Your ad ${seller.title} is under review`,
  preheader: `Buyers reported your ad ${seller.title}: it is hidden until our team has looked at it`,
  heading: `Your ad ${seller.title} is under review`,
  paragraphs: [
    `Buyers with established accounts reported your ad, so it is hidden from buyers until a person on our team has looked at it. Nothing is removed yet.`,
    `What they said:\n${reasonLines(reasons)}`,
    `If something in the ad is wrong, change it in My ads, then press "I have fixed it, review again". If the ad is right, press the same button and we will look at it first.`,
  ],
});
