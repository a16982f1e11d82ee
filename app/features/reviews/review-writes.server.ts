// Writes of owner reviews, each one transaction: a user's review of a model (writing again
// replaces it: the unique index on user and model settles a race), a helpful vote (one per voter),
// a report (one per account; open reports from three established accounts hide the review until a
// moderator settles it, app/lib/report-rules.ts) and deleting one's own
// review. Every write that changes what pages show bumps the "reviews" revision in its
// transaction (other instances drop their copies) and invalidates the tag here; votes do neither
// (see reviews.server.ts).
import { and, eq, isNull, sql } from "drizzle-orm";
import { bumpRevision, invalidate } from "~/lib/cache.server";
import { db, type Executor } from "~/lib/db.server";
import { deriveSecret, sha256Hex } from "~/lib/security.server";
import { REPORTER_MIN_ACCOUNT_AGE_MS, REPORTS_FOR_REVIEW } from "~/lib/report-rules";
import { moderationActions, modelReviews, models, reviewReports, reviewVotes, users } from "../../../db/schema";
import type { ReviewInput } from "./review-form-schema";
import type { ReviewReportInput } from "./review-report-schema";
import { REVIEWS_TAG } from "./reviews.server";

/** Who votes or reports: the signed-in user, else the visitor id cookie, else a keyed hash of the address. */
export function readerKey(who: { userId?: string | null; visitorId?: string | null; ip: string }): string {
  if (who.userId) return `user:${who.userId}`;
  if (who.visitorId) return `visitor:${who.visitorId}`;
  // Keyed, so the stored value is no plain hash of an IP address (personal data).
  return `ip:${sha256Hex(`${deriveSecret("review-reader")}:${who.ip}`).slice(0, 32)}`;
}

function scoreColumns(input: ReviewInput) {
  return {
    overall: input.overall,
    comfort: input.comfort,
    performance: input.performance,
    fuelEconomy: input["fuel-economy"],
    reliability: input.reliability,
    practicality: input.practicality,
    valueForMoney: input["value-for-money"],
    afterSales: input["after-sales"],
  };
}

type SaveReviewResult = { ok: true; reviewId: number; created: boolean } | { ok: false; reason: "not-found" };

/**
 * Writes a user's review of a model, or replaces the one they wrote: scores, words and facts are
 * the new ones, the first writing date and the votes stay, and a review hidden after reports stays
 * hidden (editing is no way around moderation).
 */
export async function saveReview(userId: string, modelId: number, input: ReviewInput): Promise<SaveReviewResult> {
  const result = await db().transaction(async (tx) => {
    const [model] = await tx.select({ id: models.id }).from(models).where(eq(models.id, modelId)).limit(1);
    if (!model) return { ok: false as const, reason: "not-found" as const };
    const now = new Date();
    const content = {
      ...scoreColumns(input),
      versionId: input.versionId,
      title: input.title,
      likes: input.likes,
      dislikes: input.dislikes,
      yearBought: input.yearBought,
      kilometres: input.kilometres,
      ownedMonths: input.ownedMonths,
      recommends: input.recommends,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(modelReviews)
      .values({ ...content, modelId, userId, createdAt: now })
      .onConflictDoUpdate({ target: [modelReviews.userId, modelReviews.modelId], set: content })
      // xmax is 0 on a freshly inserted row version, the updating transaction's id otherwise.
      .returning({ id: modelReviews.id, created: sql<boolean>`(xmax = 0)` });
    await bumpRevision(tx, REVIEWS_TAG);
    return { ok: true as const, reviewId: row!.id, created: Boolean(row!.created) };
  });
  if (result.ok) invalidate(REVIEWS_TAG);
  return result;
}

type VoteResult = { ok: true; counted: boolean; helpfulCount: number } | { ok: false; reason: "not-found" | "own-review" };

/** "This review was helpful": counted once per voter, in the same transaction as the count. */
export async function voteHelpful(reviewId: number, who: { voterKey: string; userId?: string | null }): Promise<VoteResult> {
  return db().transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: modelReviews.userId, helpfulCount: modelReviews.helpfulCount })
      .from(modelReviews)
      .where(and(eq(modelReviews.id, reviewId), isNull(modelReviews.hiddenAt)))
      .limit(1);
    if (!review) return { ok: false as const, reason: "not-found" as const };
    if (who.userId && review.userId === who.userId) return { ok: false as const, reason: "own-review" as const };
    const inserted = await tx
      .insert(reviewVotes)
      .values({ reviewId, voterKey: who.voterKey, userId: who.userId ?? null })
      .onConflictDoNothing({ target: [reviewVotes.reviewId, reviewVotes.voterKey] })
      .returning({ reviewId: reviewVotes.reviewId });
    if (inserted.length === 0) return { ok: true as const, counted: false, helpfulCount: review.helpfulCount };
    const [updated] = await tx
      .update(modelReviews)
      .set({ helpfulCount: sql`${modelReviews.helpfulCount} + 1` })
      .where(eq(modelReviews.id, reviewId))
      .returning({ helpfulCount: modelReviews.helpfulCount });
    return { ok: true as const, counted: true, helpfulCount: updated!.helpfulCount };
  });
}

type ReviewReportResult = { ok: true; hidden: boolean } | { ok: false; reason: "not-found" | "already-reported" | "own-review" | "unverified" };

/** A verified reader's report; open reports from three established accounts hide the review in the same transaction. */
export async function reportReview(reviewId: number, input: ReviewReportInput, who: { reporterKey: string; userId?: string | null }): Promise<ReviewReportResult> {
  const result = await db().transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: modelReviews.userId })
      .from(modelReviews)
      .where(eq(modelReviews.id, reviewId))
      .limit(1)
      // One report at a time per review, so the third is counted by exactly one transaction.
      .for("update");
    if (!review) return { ok: false as const, reason: "not-found" as const };
    if (who.userId && review.userId === who.userId) return { ok: false as const, reason: "own-review" as const };
    // Reports come from verified accounts; read here, as a session kept in Redis carries the account as it was at sign-in.
    const [account] = who.userId ? await tx.select({ verified: users.emailVerified }).from(users).where(eq(users.id, who.userId)) : [];
    if (!account?.verified) return { ok: false as const, reason: "unverified" as const };
    const inserted = await tx
      .insert(reviewReports)
      .values({ reviewId, reporterKey: who.reporterKey, userId: who.userId ?? null, reason: input.reason, details: input.details })
      .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterKey] })
      .returning({ id: reviewReports.id });
    if (inserted.length === 0) return { ok: false as const, reason: "already-reported" as const };
    const [reports] = await tx
      .select({ n: sql<number>`count(distinct ${reviewReports.userId})::int` })
      .from(reviewReports)
      .innerJoin(users, eq(users.id, reviewReports.userId))
      .where(
        and(
          eq(reviewReports.reviewId, reviewId),
          isNull(reviewReports.resolvedAt),
          eq(users.emailVerified, true),
          sql`${users.createdAt} <= ${reviewReports.createdAt} - make_interval(secs => ${REPORTER_MIN_ACCOUNT_AGE_MS / 1000})`,
        ),
      );
    if ((reports?.n ?? 0) < REPORTS_FOR_REVIEW) return { ok: true as const, hidden: false };
    const hidden = await tx
      .update(modelReviews)
      .set({ hiddenAt: new Date() })
      .where(and(eq(modelReviews.id, reviewId), isNull(modelReviews.hiddenAt)))
      .returning({ id: modelReviews.id });
    if (hidden.length > 0) {
      await bumpRevision(tx, REVIEWS_TAG);
      await tx.insert(moderationActions).values({
        targetKind: "review",
        targetId: String(reviewId),
        action: "under-review",
        actor: "system",
        reason: `${REPORTS_FOR_REVIEW} reports from established accounts`,
      });
    }
    return { ok: true as const, hidden: hidden.length > 0 };
  });
  if (result.ok && result.hidden) invalidate(REVIEWS_TAG);
  return result;
}

/** Deletes a user's own review of a model (votes and reports go with it); false when there is none. */
export async function deleteOwnReview(userId: string, modelId: number): Promise<boolean> {
  const deleted = await db().transaction(async (tx) => {
    const rows = await tx
      .delete(modelReviews)
      .where(and(eq(modelReviews.userId, userId), eq(modelReviews.modelId, modelId)))
      .returning({ id: modelReviews.id });
    if (rows.length > 0) await bumpRevision(tx, REVIEWS_TAG);
    return rows;
  });
  if (deleted.length > 0) invalidate(REVIEWS_TAG);
  return deleted.length > 0;
}

/**
 * For deleting an account, inside its transaction before the user row goes (ON DELETE CASCADE
 * takes the reviews, votes and reports): when the user wrote reviews, bumps the revision so every
 * instance stops showing them. Call invalidateReviews() after the commit. True when they had some.
 */
export async function forgetReviewsOf(tx: Executor, userId: string): Promise<boolean> {
  const written = await tx.$count(modelReviews, eq(modelReviews.userId, userId));
  if (written > 0) await bumpRevision(tx, REVIEWS_TAG);
  return written > 0;
}

export function invalidateReviews(): void {
  invalidate(REVIEWS_TAG);
}
