import { and, eq, sql } from "drizzle-orm";
import { dealerInvitations, dealerMembers, dealers } from "../../../db/schema";
import type { DealerRole } from "../../../db/schema/vocabulary";
import type { SessionUser } from "~/features/accounts/accounts.server";
import { db } from "~/lib/db.server";
import { sha256Hex } from "~/lib/security.server";
import { invitationState, sameAddress } from "./people-rules";

// The invited person's side (issue 46): the mailed link shows the dealer and the role; accepting
// makes them a member in the same transaction that uses the invitation up. The link works only
// for the account whose verified address was invited, so a forwarded mail is of no use.

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export type InvitationView =
  | { state: "unknown" }
  | { state: "open" | "accepted" | "expired"; dealerId: number; dealerName: string; email: string; role: DealerRole; expiresAt: Date };

async function findInvitation(token: string | null, executor = db(), lock = false) {
  if (!token || !TOKEN.test(token)) return undefined;
  const query = executor
    .select({
      id: dealerInvitations.id,
      dealerId: dealerInvitations.dealerId,
      dealerName: dealers.name,
      email: dealerInvitations.email,
      role: dealerInvitations.role,
      expiresAt: dealerInvitations.expiresAt,
      acceptedAt: dealerInvitations.acceptedAt,
    })
    .from(dealerInvitations)
    .innerJoin(dealers, eq(dealers.id, dealerInvitations.dealerId))
    .where(eq(dealerInvitations.tokenHash, sha256Hex(token)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: dealerInvitations }) : await query;
  return row;
}

/** What the link leads to; "unknown" also for a withdrawn invitation (its row is gone). */
export async function invitationByToken(token: string | null, now = new Date()): Promise<InvitationView> {
  const row = await findInvitation(token);
  if (!row) return { state: "unknown" };
  return { state: invitationState(row, now), dealerId: row.dealerId, dealerName: row.dealerName, email: row.email, role: row.role, expiresAt: row.expiresAt };
}

export type AcceptOutcome =
  | { ok: true; dealerId: number; alreadyMember: boolean }
  | { ok: false; reason: "unknown" | "accepted" | "expired" | "other-address" | "unverified" };

/**
 * Accepts for the signed-in user: one transaction writes the member row and marks the invitation
 * used, under a lock on it, so a link accepted twice at once makes one member. A person already
 * in the dealer keeps their role (an invitation never demotes an owner).
 */
export async function acceptInvitation(user: SessionUser, token: string | null, now = new Date()): Promise<AcceptOutcome> {
  return db().transaction(async (tx): Promise<AcceptOutcome> => {
    const row = await findInvitation(token, tx, true);
    if (!row) return { ok: false, reason: "unknown" };
    const state = invitationState(row, now);
    if (state !== "open") return { ok: false, reason: state };
    if (!sameAddress(row.email, user.email)) return { ok: false, reason: "other-address" };
    if (!user.emailVerified) return { ok: false, reason: "unverified" };
    const inserted = await tx
      .insert(dealerMembers)
      .values({ dealerId: row.dealerId, userId: user.id, role: row.role, createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: dealerMembers.userId });
    await tx
      .update(dealerInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(dealerInvitations.id, row.id), sql`${dealerInvitations.acceptedAt} is null`));
    return { ok: true, dealerId: row.dealerId, alreadyMember: inserted.length === 0 };
  });
}
