import { and, asc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { dealerMembers, dealers } from "../../../db/schema";
import type { DealerRole } from "../../../db/schema/vocabulary";
import { requireUser, type SessionUser } from "~/features/accounts/accounts.server";
import { db, type Executor } from "~/lib/db.server";
import { routeNotFound } from "~/lib/errors";
import { roleMay, type DealerAction } from "./permissions";

// Membership of dealers (issue 46): the one place that answers "may this user act for this
// dealer?". Loaders and actions of the dealer dashboard call requireDealerMember with the action
// they perform; the dealer id comes from the URL, never from a hidden field alone.

export interface DealerMembership {
  dealerId: number;
  dealerName: string;
  dealerSlug: string;
  /** Whether the dealer shows "Verified dealer" (a claim was approved). */
  verified: boolean;
  role: DealerRole;
}

/** The dealers a user belongs to, by name (the dashboard's "acting for" choice). */
export async function dealersOfUser(userId: string, executor: Executor = db()): Promise<DealerMembership[]> {
  return executor
    .select({
      dealerId: dealers.id,
      dealerName: dealers.name,
      dealerSlug: dealers.slug,
      verified: sql<boolean>`${dealers.verifiedAt} is not null`,
      role: dealerMembers.role,
    })
    .from(dealerMembers)
    .innerJoin(dealers, eq(dealers.id, dealerMembers.dealerId))
    .where(eq(dealerMembers.userId, userId))
    .orderBy(asc(dealers.name), asc(dealers.id));
}

/** The user's role at the dealer, or null when they do not belong to it. */
export async function dealerRole(userId: string, dealerId: number, executor: Executor = db()): Promise<DealerRole | null> {
  const [row] = await executor
    .select({ role: dealerMembers.role })
    .from(dealerMembers)
    .where(and(eq(dealerMembers.userId, userId), eq(dealerMembers.dealerId, dealerId)))
    .limit(1);
  return row?.role ?? null;
}

/** Whether the user may perform the action for the dealer (a member whose role allows it). */
export async function mayActForDealer(userId: string, dealerId: number, action: DealerAction, executor: Executor = db()): Promise<boolean> {
  const role = await dealerRole(userId, dealerId, executor);
  return role !== null && roleMay(role, action);
}

export interface DealerActor {
  user: SessionUser;
  membership: DealerMembership;
}

/**
 * For the dealer dashboard's loaders and actions: the signed-in member allowed the action, else a
 * sign-in redirect (signed out), the 404 page (not a member: another dealer's dashboard is not
 * advertised) or a 403 (a member whose role does not allow it).
 */
export async function requireDealerMember(request: Request, dealerId: number, action: DealerAction): Promise<DealerActor> {
  const user = await requireUser(request);
  const membership = (await dealersOfUser(user.id)).find((m) => m.dealerId === dealerId);
  if (!membership) routeNotFound(new URL(request.url).pathname);
  if (!roleMay(membership.role, action)) {
    throw data("Only the dealer's owner can do this.", { status: 403 });
  }
  return { user, membership };
}
