import { and, count, desc, eq, isNull } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { dealerRatings, users } from "../../../../db/schema";
import { buyerDisplayName, overallOf } from "./rating-rules";

// The dealer's side of its ratings (issue 46): every rating, hidden ones included (with why), and
// its one public answer to each. The dashboard's route checks the member first
// (requireDealerMember); these functions are given the dealer id it checked.

export interface DealerSideRating {
  id: number;
  author: string;
  response: number;
  honesty: number;
  asDescribed: number;
  overall: number;
  text: string;
  reply: string | null;
  repliedAt: string | null;
  hidden: boolean;
  createdAt: string;
}

export const DASHBOARD_RATINGS_PER_PAGE = 20;

/** One page of the dealer's ratings, newest first, with the total. */
export async function ratingsForDealer(dealerId: number, page: number): Promise<{ total: number; unanswered: number; ratings: DealerSideRating[] }> {
  const [[totals], [open], rows] = await Promise.all([
    db().select({ n: count() }).from(dealerRatings).where(eq(dealerRatings.dealerId, dealerId)),
    db()
      .select({ n: count() })
      .from(dealerRatings)
      .where(and(eq(dealerRatings.dealerId, dealerId), isNull(dealerRatings.reply))),
    db()
      .select({ rating: dealerRatings, name: users.name })
      .from(dealerRatings)
      .innerJoin(users, eq(users.id, dealerRatings.userId))
      .where(eq(dealerRatings.dealerId, dealerId))
      .orderBy(desc(dealerRatings.createdAt), desc(dealerRatings.id))
      .limit(DASHBOARD_RATINGS_PER_PAGE)
      .offset((page - 1) * DASHBOARD_RATINGS_PER_PAGE),
  ]);
  return {
    total: totals?.n ?? 0,
    unanswered: open?.n ?? 0,
    ratings: rows.map(({ rating, name }) => ({
      id: rating.id,
      author: buyerDisplayName(name),
      response: rating.response,
      honesty: rating.honesty,
      asDescribed: rating.asDescribed,
      overall: Math.round(overallOf(rating) * 10) / 10,
      text: rating.text,
      reply: rating.reply,
      repliedAt: rating.repliedAt?.toISOString() ?? null,
      hidden: rating.hiddenAt !== null,
      createdAt: rating.createdAt.toISOString(),
    })),
  };
}

export type ReplyResult = { ok: true } | { ok: false; reason: "not-found" | "already-answered" };

/** The dealer's answer to one of its ratings: once (a second answer is refused, the first kept), in one transaction. */
export async function replyToRating(dealerId: number, ratingId: number, reply: string, now = new Date()): Promise<ReplyResult> {
  return db().transaction(async (tx) => {
    const [rating] = await tx
      .select({ reply: dealerRatings.reply })
      .from(dealerRatings)
      .where(and(eq(dealerRatings.id, ratingId), eq(dealerRatings.dealerId, dealerId)))
      .for("update");
    // Another dealer's rating is no different from none: its number tells nothing.
    if (!rating) return { ok: false as const, reason: "not-found" as const };
    if (rating.reply !== null) return { ok: false as const, reason: "already-answered" as const };
    await tx.update(dealerRatings).set({ reply, repliedAt: now, updatedAt: now }).where(eq(dealerRatings.id, ratingId));
    return { ok: true as const };
  });
}
