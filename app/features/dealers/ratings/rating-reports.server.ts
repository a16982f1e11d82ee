import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { accountReporterKey, REPORTER_MIN_ACCOUNT_AGE_MS, REPORTS_FOR_REVIEW } from "~/lib/report-rules";
import { dealerRatingReports, dealerRatings, dealers, moderationActions, users } from "../../../../db/schema";
import { buyerDisplayName } from "./rating-rules";
import type { RatingReportInput } from "./rating-schemas";

// Reporting a buyer's rating of a dealer, as owner reviews are reported (docs/moderation.md): one
// report per account; the third open report from distinct established accounts hides the rating
// until a moderator restores or removes it. The dealer's own people may report a rating, but their
// reports never count towards hiding it: a dealer cannot take down a bad rating by itself.

export interface ReportedRating {
  id: number;
  dealer: { id: number; slug: string; name: string };
  author: string;
  userId: string;
  text: string;
  hidden: boolean;
  createdAt: string;
}

/** The rating a report page is about (hidden or not), or null. */
export async function ratingToReport(ratingId: number): Promise<ReportedRating | null> {
  const [row] = await db()
    .select({
      id: dealerRatings.id,
      userId: dealerRatings.userId,
      text: dealerRatings.text,
      hiddenAt: dealerRatings.hiddenAt,
      createdAt: dealerRatings.createdAt,
      dealerId: dealers.id,
      dealerSlug: dealers.slug,
      dealerName: dealers.name,
      name: users.name,
    })
    .from(dealerRatings)
    .innerJoin(dealers, eq(dealers.id, dealerRatings.dealerId))
    .innerJoin(users, eq(users.id, dealerRatings.userId))
    .where(eq(dealerRatings.id, ratingId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    dealer: { id: row.dealerId, slug: row.dealerSlug, name: row.dealerName },
    author: buyerDisplayName(row.name),
    userId: row.userId,
    text: row.text,
    hidden: row.hiddenAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type RatingReportResult =
  | { ok: true; hidden: boolean }
  | { ok: false; reason: "not-found" | "own-rating" | "unverified" | "already-reported" };

export async function reportRating(
  ratingId: number,
  input: RatingReportInput,
  userId: string,
): Promise<RatingReportResult> {
  return db().transaction(async (tx) => {
    const [rating] = await tx
      .select({ userId: dealerRatings.userId, dealerId: dealerRatings.dealerId })
      .from(dealerRatings)
      .where(eq(dealerRatings.id, ratingId))
      .limit(1)
      // One report at a time per rating, so the third is counted by exactly one transaction.
      .for("update");
    if (!rating) return { ok: false as const, reason: "not-found" as const };
    if (rating.userId === userId) return { ok: false as const, reason: "own-rating" as const };
    // Read here, as a session kept in Redis carries the account as it was at sign-in.
    const [account] = await tx.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
    if (!account?.verified) return { ok: false as const, reason: "unverified" as const };
    const inserted = await tx
      .insert(dealerRatingReports)
      .values({ ratingId, reporterKey: accountReporterKey(userId), userId, reason: input.reason, details: input.details })
      .onConflictDoNothing({ target: [dealerRatingReports.ratingId, dealerRatingReports.reporterKey] })
      .returning({ id: dealerRatingReports.id });
    if (inserted.length === 0) return { ok: false as const, reason: "already-reported" as const };
    const [reports] = await tx
      .select({ n: sql<number>`count(distinct ${dealerRatingReports.userId})::int` })
      .from(dealerRatingReports)
      .innerJoin(users, eq(users.id, dealerRatingReports.userId))
      .where(
        and(
          eq(dealerRatingReports.ratingId, ratingId),
          isNull(dealerRatingReports.resolvedAt),
          eq(users.emailVerified, true),
          sql`${users.createdAt} <= ${dealerRatingReports.createdAt} - make_interval(secs => ${REPORTER_MIN_ACCOUNT_AGE_MS / 1000})`,
          sql`not exists (select 1 from dealer_members m where m.dealer_id = ${rating.dealerId} and m.user_id = ${dealerRatingReports.userId})`,
        ),
      );
    if ((reports?.n ?? 0) < REPORTS_FOR_REVIEW) return { ok: true as const, hidden: false };
    const now = new Date();
    const hidden = await tx
      .update(dealerRatings)
      .set({ hiddenAt: now, updatedAt: now })
      .where(and(eq(dealerRatings.id, ratingId), isNull(dealerRatings.hiddenAt)))
      .returning({ id: dealerRatings.id });
    if (hidden.length > 0) {
      await tx.insert(moderationActions).values({
        targetKind: "dealer-rating",
        targetId: String(ratingId),
        action: "under-review",
        actor: "system",
        reason: `${REPORTS_FOR_REVIEW} reports from established accounts`,
      });
    }
    return { ok: true as const, hidden: hidden.length > 0 };
  });
}
