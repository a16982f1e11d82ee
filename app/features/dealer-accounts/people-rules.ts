import type { DealerRole } from "../../../db/schema/vocabulary";
import { dealerRoles } from "../../../db/schema/vocabulary";
import { z } from "~/lib/zod";

// The rules of a dealer's people (issue 46), for the browser and the server: the invitation form's
// schema, how long a link lives, what a link's state is, and the one rule about owners: a dealer
// is never left without one.

/** An invitation link works for this long after it is sent. */
export const INVITATION_DAYS = 7;
/** Open invitations a dealer may have at once: a team's worth, not a mailing list. */
export const MAX_OPEN_INVITATIONS = 30;
const MAX_EMAIL_LENGTH = 254;

export const PEOPLE_MESSAGES = {
  invalidEmail: "Enter the e-mail address of the person to invite, like name@example.co.za.",
  invalidRole: "Choose Owner or Staff.",
  alreadyMember: "This person already belongs to the dealership.",
  tooManyOpen: `The dealership has ${MAX_OPEN_INVITATIONS} invitations waiting: withdraw some before sending more.`,
  lastOwner: "A dealership must keep an owner: make someone else owner first.",
  notFound: "This person or invitation is no longer here: the list has been brought up to date.",
  badRequest: "This request is not valid.",
} as const;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export const roleSchema = z.preprocess(text, z.enum(dealerRoles, PEOPLE_MESSAGES.invalidRole));

export const inviteSchema = z.object({
  email: z.preprocess((v) => text(v).toLowerCase(), z.email(PEOPLE_MESSAGES.invalidEmail).max(MAX_EMAIL_LENGTH, PEOPLE_MESSAGES.invalidEmail)),
  role: roleSchema,
});
export type InviteInput = z.infer<typeof inviteSchema>;
export type InviteField = keyof InviteInput;

/** The list's other forms: which invitation or member. */
export const invitationIdSchema = z.object({ invitation: z.coerce.number().int().positive() });
export const memberSchema = z.object({ member: z.string().min(1).max(200) });

export type InvitationState = "open" | "accepted" | "expired";

/** What an invitation link can still do. */
export function invitationState(invitation: { acceptedAt: Date | null; expiresAt: Date }, now: Date): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  return invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

export function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_DAYS * 24 * 3600_000);
}

/**
 * Whether a member's role may change to `next` (null: the member leaves): the last owner can be
 * neither demoted nor removed, so someone can always manage the dealer's people.
 */
export function keepsAnOwner(roles: readonly DealerRole[], current: DealerRole, next: DealerRole | null): boolean {
  if (current !== "owner" || next === "owner") return true;
  return roles.filter((r) => r === "owner").length > 1;
}

/** Same address, whatever the case (addresses are stored lower-case, accounts as typed). */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
