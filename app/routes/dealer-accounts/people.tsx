import { MailPlus, Trash2, UserRound } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { requireDealerMember } from "~/features/dealer-accounts/membership.server";
import { peopleAction } from "~/features/dealer-accounts/people-action.server";
import { INVITATION_DAYS, inviteSchema, type InviteField } from "~/features/dealer-accounts/people-rules";
import { dealerPeople, type DealerPerson, type WaitingInvitation } from "~/features/dealer-accounts/people.server";
import { dealerRoleLabels } from "~/features/dealer-accounts/permissions";
import { parseNumericId } from "~/lib/errors";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { failureMessages, FormErrorSummary, FormSuccess, SubmitButton, TextField } from "~/ui/form";
import { useCheckedForm } from "~/ui/use-checked-form";
import { dealerRoles, type DealerRole } from "../../../db/schema/vocabulary";
import type { Route } from "./+types/people";

// /mon-compte/concession/{dealerId}/equipe: the owner's page of the dealer's people: its members
// (role changes, removal), the invitations waiting for an answer (withdraw) and "Invite someone".
// Plain POST forms: everything works without scripts.

export async function loader({ request, params }: Route.LoaderArgs) {
  const dealerId = parseNumericId(params.dealerId, new URL(request.url).pathname);
  const { user } = await requireDealerMember(request, dealerId, "people");
  return { ...(await dealerPeople(dealerId)), youId: user.id, now: new Date() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const dealerId = parseNumericId(params.dealerId, new URL(request.url).pathname);
  return peopleAction(request, dealerId);
}

const roleHelp: Record<DealerRole, string> = {
  owner: "manages stock, leads, people and the dealer's details",
  staff: "manages stock and answers leads",
};

function MemberItem({ member, isYou }: { member: DealerPerson; isYou: boolean }) {
  const id = useId();
  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="dealer-member">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold break-words">
            {member.name}
            {isYou ? <span className="font-normal text-slate-600 dark:text-slate-400"> (you)</span> : null}
          </p>
          <p className="text-sm break-all text-slate-700 dark:text-slate-300">{member.email}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">Member since {formatSouthAfricanDate(member.since)}</p>
        </div>
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          {dealerRoleLabels[member.role]}
        </span>
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="member" value={member.userId} />
          <div>
            <label htmlFor={`${id}-role`} className="block text-sm font-semibold">
              Role<span className="sr-only"> of {member.name}</span>
            </label>
            <select id={`${id}-role`} name="role" defaultValue={member.role} className="input mt-1 w-auto">
              {dealerRoles.map((role) => (
                <option key={role} value={role}>
                  {dealerRoleLabels[role]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Change role<span className="sr-only"> of {member.name}</span>
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="member" value={member.userId} />
          <button type="submit" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-rose-700 hover:underline dark:text-rose-400">
            <Trash2 aria-hidden="true" className="size-4" strokeWidth={1.75} />
            {isYou ? "Leave the dealership" : "Remove"}
            {isYou ? null : <span className="sr-only"> {member.name}</span>}
          </button>
        </Form>
      </div>
    </li>
  );
}

function InvitationItem({ invitation, now }: { invitation: WaitingInvitation; now: Date }) {
  const expired = invitation.expiresAt.getTime() <= now.getTime();
  return (
    <li className="card flex flex-wrap items-center justify-between gap-3 p-4" data-testid="dealer-invitation">
      <div className="min-w-0">
        <p className="font-semibold break-all">{invitation.email}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {dealerRoleLabels[invitation.role]} · sent {formatSouthAfricanDate(invitation.sentAt)} ·{" "}
          {expired ? (
            <strong className="font-semibold text-red-700 dark:text-red-400">expired {formatSouthAfricanDate(invitation.expiresAt)}</strong>
          ) : (
            <>expires {formatSouthAfricanDate(invitation.expiresAt)}</>
          )}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="invitation" value={invitation.id} />
        <button type="submit" className="btn-secondary">
          Withdraw<span className="sr-only"> the invitation of {invitation.email}</span>
        </button>
      </Form>
    </li>
  );
}

function InviteForm({ answer }: { answer: unknown }) {
  const navigation = useNavigation();
  const failure = answer && (answer as { intent?: string }).intent === "invite" ? failureMessages<InviteField>(answer) : undefined;
  const { summaryRef, errors, formError, onSubmit } = useCheckedForm<InviteField>({
    schema: inviteSchema,
    values: (form) => ({ email: form.get("email"), role: form.get("role") }),
    captcha: false,
    failure,
  });
  const sent = (answer as { ok?: boolean; intent?: string } | undefined)?.ok === true && (answer as { intent?: string }).intent === "invite";
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="card space-y-4 p-5" aria-labelledby="invite-heading" key={sent ? "sent" : "form"}>
      <h2 id="invite-heading" className="flex items-center gap-2 text-lg font-bold">
        <MailPlus aria-hidden="true" className="size-5 text-primary-600 dark:text-primary-400" strokeWidth={1.75} />
        Invite someone
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        We mail them a link valid for {INVITATION_DAYS} days. They accept it signed in with this same address.
      </p>
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={(n) => `invite-${n}`} />
      <input type="hidden" name="intent" value="invite" />
      <TextField id="invite-email" label="E-mail address" name="email" type="email" autoComplete="off" inputMode="email" maxLength={254} error={errors.email} />
      <fieldset aria-describedby={errors.role ? "invite-role-error" : undefined}>
        <legend className="text-sm font-semibold">Role</legend>
        <div className="mt-2 space-y-2" id="invite-role">
          {(["staff", "owner"] as const).map((role) => (
            <label key={role} className="flex items-start gap-2.5">
              <input type="radio" name="role" value={role} defaultChecked={role === "staff"} className="mt-1 size-4" />
              <span>
                <span className="font-semibold">{dealerRoleLabels[role]}</span>
                <span className="text-sm text-slate-700 dark:text-slate-300">: {roleHelp[role]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.role ? (
          <p id="invite-role-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {errors.role}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton pending={pending} pendingLabel="Sending…">
        Send the invitation
      </SubmitButton>
    </Form>
  );
}

export default function DealerPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invitations, youId, now } = loaderData;
  const answer = actionData as { ok: boolean; intent: string; notice?: string; formError?: string } | undefined;
  const listError = answer && !answer.ok && answer.intent !== "invite" ? answer.formError : undefined;
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight">People</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          The people who act for this dealership. Owners manage stock, leads, people and the dealer's details; staff manage stock and answer leads.
        </p>
      </div>
      {answer?.ok && answer.notice ? <FormSuccess>{answer.notice}</FormSuccess> : null}
      {listError ? <FormErrorSummary formError={listError} /> : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex flex-col gap-8">
          <section aria-labelledby="members-heading">
            <h2 id="members-heading" className="flex items-center gap-2 text-lg font-bold">
              <UserRound aria-hidden="true" className="size-5 text-primary-600 dark:text-primary-400" strokeWidth={1.75} />
              Members ({members.length})
            </h2>
            <ul className="mt-3 flex flex-col gap-3">
              {members.map((member) => (
                <MemberItem key={member.userId} member={member} isYou={member.userId === youId} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="invitations-heading">
            <h2 id="invitations-heading" className="text-lg font-bold">
              Waiting invitations
            </h2>
            {invitations.length === 0 ? (
              <p className="mt-3 text-slate-700 dark:text-slate-300">No invitation is waiting for an answer. Invite a colleague with the form.</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {invitations.map((invitation) => (
                  <InvitationItem key={invitation.id} invitation={invitation} now={now} />
                ))}
              </ul>
            )}
          </section>
        </div>
        <InviteForm answer={actionData} />
      </div>
    </div>
  );
}
