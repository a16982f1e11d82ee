import { and, asc, desc, eq } from "drizzle-orm";
import { dealerClaims, dealers, moderationActions, users } from "../../../db/schema";
import type { DealerClaimStatus } from "../../../db/schema/vocabulary";
import { db } from "~/lib/db.server";
import { type ClaimMessage, readClaimMessage } from "./claims.server";

// What a moderator (or the command line's operator) reads of claims sent for review: the queue's
// lines and one claim with its dealer, its claimant and its history. Writes are claims.server.ts.

const QUEUE_LIMIT = 100;

export interface ClaimInReview {
  id: number;
  dealerId: number;
  dealerName: string;
  claimantName: string;
  /** When the claimant asked for a review, ISO. */
  requestedAt: string;
}

/** Claims waiting for a person, oldest first (first asked, first answered). */
export async function claimsInReview(): Promise<ClaimInReview[]> {
  const rows = await db()
    .select({ id: dealerClaims.id, dealerId: dealers.id, dealerName: dealers.name, claimantName: users.name, requestedAt: dealerClaims.createdAt })
    .from(dealerClaims)
    .innerJoin(dealers, eq(dealers.id, dealerClaims.dealerId))
    .innerJoin(users, eq(users.id, dealerClaims.userId))
    .where(eq(dealerClaims.status, "in-review"))
    .orderBy(asc(dealerClaims.createdAt), asc(dealerClaims.id))
    .limit(QUEUE_LIMIT);
  return rows.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() }));
}

export interface ClaimForReview {
  id: number;
  status: DealerClaimStatus;
  requestedAt: string;
  request: ClaimMessage;
  decidedBy: string | null;
  decidedAt: string | null;
  dealer: { id: number; slug: string; name: string; city: string; province: string; phone: string | null; email: string | null; verified: boolean };
  claimant: { id: string; name: string; email: string; emailVerified: boolean; memberSince: string };
  /** The claimant's other claims of dealers, newest first (a pattern of claims is a warning sign). */
  otherClaims: { dealerName: string; status: DealerClaimStatus; at: string }[];
  history: { action: string; actor: string; reason: string; at: string }[];
}

export async function claimForReview(claimId: number): Promise<ClaimForReview | null> {
  const [row] = await db()
    .select({ claim: dealerClaims, dealer: dealers, claimant: users })
    .from(dealerClaims)
    .innerJoin(dealers, eq(dealers.id, dealerClaims.dealerId))
    .innerJoin(users, eq(users.id, dealerClaims.userId))
    .where(eq(dealerClaims.id, claimId));
  if (!row) return null;
  const { claim, dealer, claimant } = row;
  const [others, history] = await Promise.all([
    db()
      .select({ dealerName: dealers.name, status: dealerClaims.status, at: dealerClaims.createdAt, id: dealerClaims.id })
      .from(dealerClaims)
      .innerJoin(dealers, eq(dealers.id, dealerClaims.dealerId))
      .where(eq(dealerClaims.userId, claimant.id))
      .orderBy(desc(dealerClaims.createdAt))
      .limit(20),
    db()
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.targetKind, "dealer-claim"), eq(moderationActions.targetId, String(claimId))))
      .orderBy(asc(moderationActions.createdAt), asc(moderationActions.id)),
  ]);
  return {
    id: claim.id,
    status: claim.status,
    requestedAt: claim.createdAt.toISOString(),
    request: readClaimMessage(claim.message),
    decidedBy: claim.decidedBy,
    decidedAt: claim.decidedAt?.toISOString() ?? null,
    dealer: {
      id: dealer.id,
      slug: dealer.slug,
      name: dealer.name,
      city: dealer.city,
      province: dealer.province,
      phone: dealer.phone,
      email: dealer.email,
      verified: dealer.verifiedAt !== null,
    },
    claimant: { id: claimant.id, name: claimant.name, email: claimant.email, emailVerified: claimant.emailVerified, memberSince: claimant.createdAt.toISOString() },
    otherClaims: others.filter((o) => o.id !== claim.id).map((o) => ({ dealerName: o.dealerName, status: o.status, at: o.at.toISOString() })),
    history: history.map((h) => ({ action: h.action, actor: h.actor, reason: h.reason, at: h.createdAt.toISOString() })),
  };
}

export { claimStatusLabels } from "./claim-rules";
