import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { dealerInvitations, dealerMembers, users } from "../../../db/schema";
import type { DealerRole } from "../../../db/schema/vocabulary";
import { db } from "~/lib/db.server";
import { sha256Hex } from "~/lib/security.server";
import { sendInvitationMail } from "./invitation-mail.server";
import { invitationExpiry, keepsAnOwner, MAX_OPEN_INVITATIONS, PEOPLE_MESSAGES } from "./people-rules";

// A dealer's people (issue 46): its members and the invitations waiting for an answer, and the
// owner's changes to them. Every function takes the dealer id the caller checked with
// requireDealerMember, and every query is bound to it: an id of another dealer's invitation or
// member, forged into a form, finds nothing.

export interface DealerPerson {
  userId: string;
  name: string;
  email: string;
  role: DealerRole;
  since: Date;
}

export interface WaitingInvitation {
  id: number;
  email: string;
  role: DealerRole;
  sentAt: Date;
  expiresAt: Date;
}

export async function dealerPeople(dealerId: number): Promise<{ members: DealerPerson[]; invitations: WaitingInvitation[] }> {
  const [members, invitations] = await Promise.all([
    db()
      .select({ userId: users.id, name: users.name, email: users.email, role: dealerMembers.role, since: dealerMembers.createdAt })
      .from(dealerMembers)
      .innerJoin(users, eq(users.id, dealerMembers.userId))
      .where(eq(dealerMembers.dealerId, dealerId))
      // Owners first, then by name.
      .orderBy(sql`${dealerMembers.role} = 'owner' desc`, asc(users.name), asc(users.id)),
    db()
      .select({
        id: dealerInvitations.id,
        email: dealerInvitations.email,
        role: dealerInvitations.role,
        sentAt: dealerInvitations.createdAt,
        expiresAt: dealerInvitations.expiresAt,
      })
      .from(dealerInvitations)
      .where(and(eq(dealerInvitations.dealerId, dealerId), isNull(dealerInvitations.acceptedAt)))
      .orderBy(desc(dealerInvitations.createdAt), desc(dealerInvitations.id)),
  ]);
  return { members, invitations };
}

type InviteOutcome = { ok: true; resent: boolean } | { ok: false; status: 409; field?: "email"; message: string };

/**
 * Invites a person by address: a random token, kept only as its hash, mailed in a link valid for
 * INVITATION_DAYS. Inviting an address again replaces its waiting invitation (the old link stops
 * working). Someone already a member, or a dealer with too many waiting invitations, is refused.
 */
export async function inviteToDealer(input: {
  dealer: { id: number; name: string };
  invitedBy: { id: string; name: string };
  email: string;
  role: DealerRole;
  now?: Date;
}): Promise<InviteOutcome> {
  const now = input.now ?? new Date();
  const token = crypto.randomBytes(32).toString("base64url");
  const outcome = await db().transaction(async (tx): Promise<InviteOutcome> => {
    const [member] = await tx
      .select({ userId: dealerMembers.userId })
      .from(dealerMembers)
      .innerJoin(users, eq(users.id, dealerMembers.userId))
      .where(and(eq(dealerMembers.dealerId, input.dealer.id), sql`lower(${users.email}) = ${input.email}`))
      .limit(1);
    if (member) return { ok: false, status: 409, field: "email", message: PEOPLE_MESSAGES.alreadyMember };
    const replaced = await tx
      .delete(dealerInvitations)
      .where(and(eq(dealerInvitations.dealerId, input.dealer.id), eq(dealerInvitations.email, input.email), isNull(dealerInvitations.acceptedAt)))
      .returning({ id: dealerInvitations.id });
    const [open] = await tx
      .select({ n: count() })
      .from(dealerInvitations)
      .where(and(eq(dealerInvitations.dealerId, input.dealer.id), isNull(dealerInvitations.acceptedAt), gt(dealerInvitations.expiresAt, now)));
    if ((open?.n ?? 0) >= MAX_OPEN_INVITATIONS) return { ok: false, status: 409, message: PEOPLE_MESSAGES.tooManyOpen };
    await tx.insert(dealerInvitations).values({
      dealerId: input.dealer.id,
      email: input.email,
      role: input.role,
      tokenHash: sha256Hex(token),
      invitedBy: input.invitedBy.id,
      expiresAt: invitationExpiry(now),
      createdAt: now,
    });
    return { ok: true, resent: replaced.length > 0 };
  });
  // After the commit: a link is never mailed for an invitation that was not kept.
  if (outcome.ok) await sendInvitationMail({ email: input.email, dealerName: input.dealer.name, inviterName: input.invitedBy.name, role: input.role, token });
  return outcome;
}

/** Withdraws a waiting invitation of this dealer (its link then leads nowhere). False: none such. */
export async function revokeInvitation(dealerId: number, invitationId: number): Promise<boolean> {
  const removed = await db()
    .delete(dealerInvitations)
    .where(and(eq(dealerInvitations.id, invitationId), eq(dealerInvitations.dealerId, dealerId), isNull(dealerInvitations.acceptedAt)))
    .returning({ id: dealerInvitations.id });
  return removed.length > 0;
}

type MemberChange = "done" | "not-found" | "last-owner";

/**
 * Changes a member's role (`next`) or removes them (null), under a lock on the dealer's member
 * rows: two owners demoting each other at once cannot leave the dealer without one.
 */
async function changeMember(dealerId: number, userId: string, next: DealerRole | null): Promise<MemberChange> {
  return db().transaction(async (tx) => {
    const rows = await tx
      .select({ userId: dealerMembers.userId, role: dealerMembers.role })
      .from(dealerMembers)
      .where(eq(dealerMembers.dealerId, dealerId))
      .for("update");
    const target = rows.find((r) => r.userId === userId);
    if (!target) return "not-found";
    if (!keepsAnOwner(rows.map((r) => r.role), target.role, next)) return "last-owner";
    const where = and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.userId, userId));
    if (next === null) await tx.delete(dealerMembers).where(where);
    else if (next !== target.role) await tx.update(dealerMembers).set({ role: next }).where(where);
    return "done";
  });
}

export const changeMemberRole = (dealerId: number, userId: string, role: DealerRole) => changeMember(dealerId, userId, role);
export const removeMember = (dealerId: number, userId: string) => changeMember(dealerId, userId, null);
