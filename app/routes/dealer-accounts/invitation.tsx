import { CircleAlert, MailCheck } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { currentUser, requireUser } from "~/features/accounts/accounts.server";
import { accountUrls, loginUrl } from "~/features/accounts/urls";
import { acceptInvitation, type AcceptOutcome, invitationByToken } from "~/features/dealer-accounts/invitations.server";
import { sameAddress } from "~/features/dealer-accounts/people-rules";
import { dealerRoleLabels } from "~/features/dealer-accounts/permissions";
import { DEALER_DASHBOARD_PATH, DEALER_INVITATION_PATH, dealerDashboardUrl } from "~/features/dealer-accounts/urls";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { assertSameOrigin, clientIp, rateLimit, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { routeMeta } from "~/lib/seo";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { SubmitButton } from "~/ui/form";
import type { Route } from "./+types/invitation";

// /mon-compte/concession/invitation?token=…: the mailed link of an invitation to a dealer. Anyone
// may see which dealer and role it offers; accepting needs the account of the invited, verified
// address. The token is the page's secret: the page is never cached.

const noStore = { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const [invitation, user] = await Promise.all([invitationByToken(token), currentUser(request)]);
  const here = `${url.pathname}${url.search}`;
  // A link that leads nowhere says so in its status too: unknown (or withdrawn) 404, used or expired 410.
  const status = invitation.state === "unknown" ? 404 : invitation.state === "open" ? 200 : 410;
  return data(
    {
      invitation,
      signedInAs: user ? { email: user.email, verified: user.emailVerified } : null,
      here,
    },
    { status, headers: noStore },
  );
}

const refusals: Record<Exclude<AcceptOutcome, { ok: true }>["reason"], { status: number; message: string }> = {
  unknown: { status: 404, message: "This invitation link is not valid: it was withdrawn by the dealership, or the link is incomplete. Ask the dealership's owner for a new one." },
  accepted: { status: 410, message: "This invitation was already used: each link works once. If you are not yet in the dealership, ask its owner for a new one." },
  expired: { status: 410, message: "This invitation has expired. Ask the dealership's owner to send you a new one." },
  "other-address": { status: 403, message: "This invitation was sent to another e-mail address. Sign in with the address it was sent to." },
  unverified: { status: 403, message: "Verify your e-mail address first (see the activation mail), then open this link again." },
};

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const limit = await rateLimit(`dealer-invitation-accept:${user.id}:${clientIp(context)}`, { limit: 30, windowMs: 10 * 60_000 });
  if (!limit.ok) return data({ message: TOO_MANY_REQUESTS_MESSAGE }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds), ...noStore } });
  const outcome = await acceptInvitation(user, new URL(request.url).searchParams.get("token"));
  if (outcome.ok) throw redirect(dealerDashboardUrl(outcome.dealerId), 303);
  const refusal = refusals[outcome.reason];
  return data({ message: refusal.message }, { status: refusal.status, headers: noStore });
}

export function headers() {
  return noStore;
}

function Problem({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="flex items-start gap-2 rounded-[var(--radius-control)] border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" strokeWidth={1.75} />
      <div>{children}</div>
    </div>
  );
}

export default function DealerInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, signedInAs, here } = loaderData;
  const navigation = useNavigation();
  let body: React.ReactNode;
  if (invitation.state === "unknown") {
    body = <Problem>{refusals.unknown.message}</Problem>;
  } else {
    const role = dealerRoleLabels[invitation.role].toLowerCase();
    const offer = (
      <p className="text-lg">
        You are invited to act for <strong>{invitation.dealerName}</strong> on Voitura as <strong>{role}</strong>.
      </p>
    );
    let next: React.ReactNode;
    if (invitation.state === "accepted") next = <Problem>{refusals.accepted.message}</Problem>;
    else if (invitation.state === "expired") next = <Problem>{refusals.expired.message}</Problem>;
    else if (!signedInAs) {
      next = (
        <>
          <p className="text-slate-700 dark:text-slate-300">
            Sign in with the invited address to accept. No account yet? Create one with that address, activate it from the mail we send,
            then open this invitation link again. It is valid until {formatSouthAfricanDate(invitation.expiresAt)}.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={loginUrl(here)} className="btn-primary">
              Sign in to accept
            </Link>
            <Link to={`${accountUrls.register}?redirectTo=${encodeURIComponent(here)}`} className="btn-secondary">
              Create an account
            </Link>
          </div>
        </>
      );
    } else if (!sameAddress(signedInAs.email, invitation.email)) {
      next = (
        <Problem>
          <p>
            This invitation was sent to another e-mail address than yours ({signedInAs.email}). Only the person it was sent to can accept it:
            sign out, then sign in with the invited address. If you expected it, ask the dealership's owner to invite {signedInAs.email}.
          </p>
        </Problem>
      );
    } else if (!signedInAs.verified) {
      next = <Problem>{refusals.unverified.message}</Problem>;
    } else {
      next = (
        <Form method="post" action={here} className="flex flex-col gap-3">
          <p className="text-slate-700 dark:text-slate-300">It is valid until {formatSouthAfricanDate(invitation.expiresAt)} and works once.</p>
          <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Accepting…">
            Accept the invitation
          </SubmitButton>
        </Form>
      );
    }
    body = (
      <>
        {offer}
        {actionData?.message ? <Problem>{actionData.message}</Problem> : null}
        {next}
      </>
    );
  }
  return (
    <div className="container-page max-w-2xl py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "My account", to: "/mon-compte" }, { label: "Dealer dashboard", to: DEALER_DASHBOARD_PATH }, { label: "Invitation" }]} currentPath={DEALER_INVITATION_PATH} />
      <h1 className="mt-4 flex items-center gap-2 text-3xl font-extrabold tracking-tight">
        <MailCheck aria-hidden="true" className="size-8 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
        Invitation to a dealership
      </h1>
      <div className="card mt-6 flex flex-col gap-4 p-6">{body}</div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Invitation to a dealership", description: "Accept an invitation to act for a dealership on Voitura.", noindex: true });
}
