import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { buyerDisplayName } from "~/features/dealers/ratings/rating-rules";
import { ratingReportReasonLabels } from "~/features/dealers/ratings/rating-schemas";
import { dealerRatingsUrl } from "~/features/dealers/ratings/urls";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { reportCountsTowardsReview } from "~/lib/report-rules";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { dealerMembers, dealerRatingReports, dealerRatings, dealers, moderationActions, users } from "../../../db/schema";
import type { ModerationOutcome } from "./actions.server";
import type { HistoryEntry, ItemReport, QueueItem, SellerAccount } from "./queue-items";
import { moderationDealerRatingPath } from "./urls";

// Buyers' ratings of dealers in moderation (issue 46), as owner reviews are: the queue's reported
// ratings, one rating with its reports, author and history, and the two actions on it (restore,
// remove). Reports of the dealer's own people are shown but never count towards hiding a rating.

const QUEUE_LIMIT = 100;

const historyLabels: Record<string, string> = { "under-review": "Hidden pending review", restore: "Restored", remove: "Removed" };

/** Reported ratings with open reports, newest report first. */
export async function dealerRatingQueueItems(): Promise<QueueItem[]> {
  const latest = sql<Date | null>`max(${dealerRatingReports.createdAt})`;
  const rows = await db()
    .select({ id: dealerRatings.id, dealerName: dealers.name, hiddenAt: dealerRatings.hiddenAt, open: sql<number>`count(${dealerRatingReports.id})::int`, latest })
    .from(dealerRatings)
    .innerJoin(dealers, eq(dealers.id, dealerRatings.dealerId))
    .innerJoin(dealerRatingReports, and(eq(dealerRatingReports.ratingId, dealerRatings.id), isNull(dealerRatingReports.resolvedAt)))
    .groupBy(dealerRatings.id, dealers.name)
    .orderBy(sql`${latest} desc`)
    .limit(QUEUE_LIMIT);
  const ids = rows.map((r) => r.id);
  const reasons = ids.length
    ? await db()
        .select({ id: dealerRatingReports.ratingId, reason: dealerRatingReports.reason, count: sql<number>`count(*)::int` })
        .from(dealerRatingReports)
        .where(and(inArray(dealerRatingReports.ratingId, ids), isNull(dealerRatingReports.resolvedAt)))
        .groupBy(dealerRatingReports.ratingId, dealerRatingReports.reason)
        .orderBy(sql`count(*) desc`, dealerRatingReports.reason)
    : [];
  return rows.map((row) => ({
    kind: "dealer-rating" as const,
    id: row.id,
    title: `A buyer's rating of ${row.dealerName}`,
    statusLabel: row.hiddenAt ? "Hidden, under review" : "Shown",
    path: moderationDealerRatingPath(row.id),
    openReports: row.open,
    reasons: reasons.filter((r) => r.id === row.id).map((r) => `${ratingReportReasonLabels[r.reason]} (${r.count})`),
    latestAt: new Date(row.latest ?? 0).toISOString(),
    reviewRequested: false,
    signals: [],
  }));
}

export interface ModerationDealerRatingItem {
  kind: "dealer-rating";
  id: number;
  hidden: boolean;
  rating: { response: number; honesty: number; asDescribed: number; text: string; reply: string | null; createdAt: string };
  dealer: { name: string; publicPath: string };
  author: SellerAccount;
  reports: ItemReport[];
  history: HistoryEntry[];
}

export async function moderationDealerRatingItem(ratingId: number): Promise<ModerationDealerRatingItem | null> {
  const [row] = await db()
    .select({ rating: dealerRatings, author: users, dealerName: dealers.name, dealerSlug: dealers.slug })
    .from(dealerRatings)
    .innerJoin(users, eq(users.id, dealerRatings.userId))
    .innerJoin(dealers, eq(dealers.id, dealerRatings.dealerId))
    .where(eq(dealerRatings.id, ratingId));
  if (!row) return null;
  const { rating, author } = row;
  const [reportRows, historyRows] = await Promise.all([
    db()
      .select({
        report: dealerRatingReports,
        name: users.name,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        member: sql<boolean>`exists (select 1 from ${dealerMembers} m where m.dealer_id = ${rating.dealerId} and m.user_id = ${dealerRatingReports.userId})`,
      })
      .from(dealerRatingReports)
      .leftJoin(users, eq(users.id, dealerRatingReports.userId))
      .where(eq(dealerRatingReports.ratingId, ratingId))
      .orderBy(desc(dealerRatingReports.createdAt)),
    db()
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.targetKind, "dealer-rating"), eq(moderationActions.targetId, String(ratingId))))
      .orderBy(asc(moderationActions.createdAt), asc(moderationActions.id)),
  ]);
  return {
    kind: "dealer-rating",
    id: ratingId,
    hidden: rating.hiddenAt !== null,
    rating: { response: rating.response, honesty: rating.honesty, asDescribed: rating.asDescribed, text: rating.text, reply: rating.reply, createdAt: rating.createdAt.toISOString() },
    dealer: { name: row.dealerName, publicPath: dealerRatingsUrl({ id: rating.dealerId, slug: row.dealerSlug }) },
    author: { userId: author.id, name: author.name, email: author.email, memberSince: author.createdAt.toISOString(), bannedAt: author.bannedAt?.toISOString() ?? null, banReason: author.banReason },
    reports: reportRows.map(({ report, name, emailVerified, createdAt, member }) => ({
      reasonLabel: ratingReportReasonLabels[report.reason],
      details: report.details,
      at: report.createdAt.toISOString(),
      reporter: name ? `${name}, member since ${formatSouthAfricanDate(createdAt!)}${member ? ", one of the dealer's people" : ""}` : "A deleted account",
      counts: name !== null && !member && reportCountsTowardsReview({ emailVerified: emailVerified!, createdAt: createdAt! }, report.createdAt),
      settled: report.resolvedAt !== null,
    })),
    history: historyRows.map((r) => ({ action: historyLabels[r.action] ?? r.action, actor: r.actor, reason: r.reason, at: r.createdAt.toISOString() })),
  };
}

/** Restores or removes a rating: one transaction that locks it, settles its open reports and writes the audit row. */
async function settleRating(ratingId: number, actor: string, hidden: boolean, action: "restore" | "remove", reason: string) {
  const now = new Date();
  return db().transaction(async (tx) => {
    const [rating] = await tx
      .select({ id: dealerRatings.id, userId: dealerRatings.userId, dealerId: dealerRatings.dealerId })
      .from(dealerRatings)
      .where(eq(dealerRatings.id, ratingId))
      .for("update");
    if (!rating) return null;
    await tx.update(dealerRatings).set({ hiddenAt: hidden ? now : null, updatedAt: now }).where(eq(dealerRatings.id, ratingId));
    await tx.update(dealerRatingReports).set({ resolvedAt: now }).where(and(eq(dealerRatingReports.ratingId, ratingId), isNull(dealerRatingReports.resolvedAt)));
    await tx.insert(moderationActions).values({ targetKind: "dealer-rating", targetId: String(ratingId), action, actor, reason });
    const [dealer] = await tx.select({ name: dealers.name }).from(dealers).where(eq(dealers.id, rating.dealerId));
    return { ...rating, dealerName: dealer?.name ?? "the dealer" };
  });
}

const notFound: ModerationOutcome = { ok: false, status: 404, message: "No dealer rating has this number." };

export async function restoreDealerRating(ratingId: number, actor: string, note = ""): Promise<ModerationOutcome> {
  const rating = await settleRating(ratingId, actor, false, "restore", note);
  if (!rating) return notFound;
  return { ok: true, message: `The rating of ${rating.dealerName} is shown; its reports are settled.` };
}

export async function removeDealerRating(ratingId: number, actor: string, reason: string): Promise<ModerationOutcome> {
  const rating = await settleRating(ratingId, actor, true, "remove", reason);
  if (!rating) return notFound;
  // The removal stands whatever the mail does: the audit row and the item's page say what happened.
  try {
    const [author] = await db().select({ name: users.name, email: users.email }).from(users).where(eq(users.id, rating.userId));
    if (author) {
      const subject = `Your rating of ${rating.dealerName} was removed`;
      const { html, text } = renderMail({
        preheader: subject,
        heading: subject,
        paragraphs: [`A person on our team removed your rating of ${rating.dealerName} from Voitura.`, `Why: ${reason}`, "Reply to this mail if you think this is a mistake."],
      });
      await sendMail({ to: { name: buyerDisplayName(author.name), address: author.email }, subject, text, html });
    }
  } catch (err) {
    logger.error({ err }, "moderation: dealer rating removed, but the mail was not sent");
  }
  return { ok: true, message: `The rating of ${rating.dealerName} is removed, and its author is told why.` };
}
