import { data, redirect } from "react-router";
import { assertSameOrigin, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { requireDealerMember } from "./membership.server";
import { inviteSchema, invitationIdSchema, memberSchema, PEOPLE_MESSAGES, roleSchema, type InviteField } from "./people-rules";
import { changeMemberRole, inviteToDealer, removeMember, revokeInvitation } from "./people.server";
import { DEALER_DASHBOARD_PATH, dealerDashboardUrl } from "./urls";

// POST /mon-compte/concession/{dealerId}/equipe: intent invite (email, role) | revoke (invitation)
// | role (member, role) | remove (member). The owner's right is checked on the dealer of the URL;
// ids in the form only ever name rows of that dealer.

const HOUR = 3600_000;
/** Invitations one owner may send per hour, and one dealer per day: each is a mail to an address the sender chose. */
const INVITES_PER_OWNER_HOUR = 10;
const INVITES_PER_DEALER_DAY = 40;
const CHANGES_PER_10_MINUTES = 120;

export type PeopleActionResult =
  | { ok: true; intent: string; notice: string }
  | { ok: false; intent: string; fieldErrors?: Partial<Record<InviteField, string>>; formError?: string };

const fail = (intent: string, status: number, failure: Omit<Extract<PeopleActionResult, { ok: false }>, "ok" | "intent">, headers?: HeadersInit) =>
  data<PeopleActionResult>({ ok: false, intent, ...failure }, { status, headers });

export async function peopleAction(request: Request, dealerId: number) {
  assertSameOrigin(request);
  const { user, membership } = await requireDealerMember(request, dealerId, "people");
  const form = await readForm(request, 8 * 1024);
  const intent = String(form.get("intent") ?? "");

  if (intent === "invite") {
    const parsed = inviteSchema.safeParse({ email: form.get("email"), role: form.get("role") });
    if (!parsed.success) {
      const fieldErrors: Partial<Record<InviteField, string>> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as InviteField] ??= issue.message;
      return fail(intent, 400, { fieldErrors });
    }
    for (const [key, limit, windowMs] of [
      [`dealer-invite:${user.id}`, INVITES_PER_OWNER_HOUR, HOUR],
      [`dealer-invite-dealer:${dealerId}`, INVITES_PER_DEALER_DAY, 24 * HOUR],
    ] as const) {
      const answer = await rateLimit(key, { limit, windowMs });
      if (!answer.ok) return fail(intent, 429, { formError: TOO_MANY_REQUESTS_MESSAGE }, { "Retry-After": String(answer.retryAfterSeconds) });
    }
    const outcome = await inviteToDealer({ dealer: { id: dealerId, name: membership.dealerName }, invitedBy: user, ...parsed.data });
    if (!outcome.ok) return fail(intent, outcome.status, outcome.field ? { fieldErrors: { [outcome.field]: outcome.message } } : { formError: outcome.message });
    return data<PeopleActionResult>({ ok: true, intent, notice: `${outcome.resent ? "A new invitation was sent" : "Invitation sent"} to ${parsed.data.email}.` });
  }

  const limit = await rateLimit(`dealer-people:${user.id}`, { limit: CHANGES_PER_10_MINUTES, windowMs: 10 * 60_000 });
  if (!limit.ok) return fail(intent, 429, { formError: TOO_MANY_REQUESTS_MESSAGE }, { "Retry-After": String(limit.retryAfterSeconds) });

  if (intent === "revoke") {
    const parsed = invitationIdSchema.safeParse({ invitation: form.get("invitation") });
    if (!parsed.success) return fail(intent, 400, { formError: PEOPLE_MESSAGES.badRequest });
    if (!(await revokeInvitation(dealerId, parsed.data.invitation))) return fail(intent, 404, { formError: PEOPLE_MESSAGES.notFound });
    return data<PeopleActionResult>({ ok: true, intent, notice: "The invitation was withdrawn: its link no longer works." });
  }

  if (intent === "role" || intent === "remove") {
    const member = memberSchema.safeParse({ member: form.get("member") });
    const role = roleSchema.safeParse(form.get("role"));
    if (!member.success || (intent === "role" && !role.success)) return fail(intent, 400, { formError: PEOPLE_MESSAGES.badRequest });
    const memberId = member.data.member;
    const outcome = intent === "role" && role.success ? await changeMemberRole(dealerId, memberId, role.data) : await removeMember(dealerId, memberId);
    if (outcome === "not-found") return fail(intent, 404, { formError: PEOPLE_MESSAGES.notFound });
    if (outcome === "last-owner") return fail(intent, 409, { formError: PEOPLE_MESSAGES.lastOwner });
    // An owner who stepped down or left no longer sees this page.
    if (memberId === user.id) throw redirect(intent === "remove" ? DEALER_DASHBOARD_PATH : dealerDashboardUrl(dealerId), 303);
    return data<PeopleActionResult>({ ok: true, intent, notice: intent === "role" ? "The role was changed." : "The person was removed from the dealership." });
  }

  return fail(intent, 400, { formError: PEOPLE_MESSAGES.badRequest });
}
