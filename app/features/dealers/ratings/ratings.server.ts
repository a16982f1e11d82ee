import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { dealerRole } from "~/features/dealer-accounts/membership.server";
import { db, type Executor, resultRows } from "~/lib/db.server";
import { dealerRatings, users } from "../../../../db/schema";
import { buyerDisplayName, overallOf, type RatingEligibility, ratingEligibility, type RatingSummary, summariseRatings } from "./rating-rules";
import type { RatingInput } from "./rating-schemas";

// Buyers' ratings of a dealer (issue 46): who may rate (their first contact through Voitura), the
// one rating per buyer, the dealer's one public answer, and what the dealer page shows. Ratings
// are live data, read directly (never memoised); a hidden rating leaves the page and the average.

/**
 * The buyer's earliest contact with the dealer through Voitura: a lead sent to it, a message from
 * its page, or a message about one of its ads. Null when there is none.
 */
export async function firstContactAt(userId: string, dealerId: number, executor: Executor = db()): Promise<Date | null> {
  const [row] = resultRows<{ ms: number | null }>(
    await executor.execute(sql`select (extract(epoch from min(at)) * 1000)::float8 as ms from (
        select ld.sent_at as at from lead_dealers ld join leads l on l.id = ld.lead_id
          where l.user_id = ${userId} and ld.dealer_id = ${dealerId}
        union all
        select created_at from dealer_contacts where user_id = ${userId} and dealer_id = ${dealerId}
        union all
        select c.created_at from used_ad_contacts c join used_ads a on a.id = c.ad_id
          where c.user_id = ${userId} and a.dealer_id = ${dealerId}
      ) contacts`),
  );
  return row?.ms == null ? null : new Date(Number(row.ms));
}

export interface OwnRating {
  id: number;
  response: number;
  honesty: number;
  asDescribed: number;
  text: string;
  reply: string | null;
  hidden: boolean;
  createdAt: string;
}

const ratingColumns = {
  id: dealerRatings.id,
  response: dealerRatings.response,
  honesty: dealerRatings.honesty,
  asDescribed: dealerRatings.asDescribed,
  text: dealerRatings.text,
  reply: dealerRatings.reply,
  repliedAt: dealerRatings.repliedAt,
  hiddenAt: dealerRatings.hiddenAt,
  createdAt: dealerRatings.createdAt,
};

async function ownRatingRow(userId: string, dealerId: number, executor: Executor) {
  const [row] = await executor
    .select(ratingColumns)
    .from(dealerRatings)
    .where(and(eq(dealerRatings.userId, userId), eq(dealerRatings.dealerId, dealerId)))
    .limit(1);
  return row ?? null;
}

/** What the rating page needs to know about this buyer and dealer. */
export async function ratingStanding(userId: string, dealerId: number, now = new Date(), executor: Executor = db()): Promise<{ eligibility: RatingEligibility; own: OwnRating | null }> {
  const [role, own, contact] = await Promise.all([dealerRole(userId, dealerId, executor), ownRatingRow(userId, dealerId, executor), firstContactAt(userId, dealerId, executor)]);
  const eligibility = ratingEligibility({ isMember: role !== null, hasRated: own !== null, firstContactAt: contact, now });
  return {
    eligibility,
    own: own
      ? {
          id: own.id,
          response: own.response,
          honesty: own.honesty,
          asDescribed: own.asDescribed,
          text: own.text,
          reply: own.reply,
          hidden: own.hiddenAt !== null,
          createdAt: own.createdAt.toISOString(),
        }
      : null,
  };
}

export type SaveRatingResult = { ok: true; ratingId: number } | { ok: false; eligibility: RatingEligibility };

/** Saves a buyer's rating, the rule checked again inside the one transaction (a second rating is refused, never merged). */
export async function saveRating(userId: string, dealerId: number, input: RatingInput, now = new Date()): Promise<SaveRatingResult> {
  return db().transaction(async (tx) => {
    const { eligibility } = await ratingStanding(userId, dealerId, now, tx);
    if (eligibility.kind !== "eligible") return { ok: false as const, eligibility };
    const inserted = await tx
      .insert(dealerRatings)
      .values({ dealerId, userId, response: input.response, honesty: input.honesty, asDescribed: input.asDescribed, text: input.text, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [dealerRatings.userId, dealerRatings.dealerId] })
      .returning({ id: dealerRatings.id });
    if (inserted.length === 0) return { ok: false as const, eligibility: { kind: "rated" as const } };
    return { ok: true as const, ratingId: inserted[0]!.id };
  });
}

// ---------------------------------------------------------------------------------------------
// What readers see

export interface ShownRating {
  id: number;
  author: string;
  response: number;
  honesty: number;
  asDescribed: number;
  /** The mean of the three, one decimal. */
  overall: number;
  text: string;
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
}

export interface DealerRatingsPage {
  summary: RatingSummary;
  ratings: ShownRating[];
  page: number;
  pageCount: number;
}

export const RATINGS_PER_PAGE = 5;

type RatingRow = NonNullable<Awaited<ReturnType<typeof ownRatingRow>>> & { name: string };

function shown(row: RatingRow): ShownRating {
  return {
    id: row.id,
    author: buyerDisplayName(row.name),
    response: row.response,
    honesty: row.honesty,
    asDescribed: row.asDescribed,
    overall: Math.round(overallOf(row) * 10) / 10,
    text: row.text,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The dealer's shown ratings: their count and averages, and one page of them, newest first. */
export async function dealerRatingsPage(dealerId: number, page: number, executor: Executor = db()): Promise<DealerRatingsPage> {
  const visible = and(eq(dealerRatings.dealerId, dealerId), isNull(dealerRatings.hiddenAt));
  const [[totals], rows] = await Promise.all([
    executor
      .select({
        n: count(),
        response: sql<number>`coalesce(sum(${dealerRatings.response}), 0)::int`,
        honesty: sql<number>`coalesce(sum(${dealerRatings.honesty}), 0)::int`,
        asDescribed: sql<number>`coalesce(sum(${dealerRatings.asDescribed}), 0)::int`,
      })
      .from(dealerRatings)
      .where(visible),
    executor
      .select({ ...ratingColumns, name: users.name })
      .from(dealerRatings)
      .innerJoin(users, eq(users.id, dealerRatings.userId))
      .where(visible)
      .orderBy(desc(dealerRatings.createdAt), desc(dealerRatings.id))
      .limit(RATINGS_PER_PAGE)
      .offset((page - 1) * RATINGS_PER_PAGE),
  ]);
  const n = totals?.n ?? 0;
  return {
    summary: summariseRatings(n, { response: totals?.response ?? 0, honesty: totals?.honesty ?? 0, asDescribed: totals?.asDescribed ?? 0 }),
    ratings: rows.map(shown),
    page,
    pageCount: Math.max(1, Math.ceil(n / RATINGS_PER_PAGE)),
  };
}
