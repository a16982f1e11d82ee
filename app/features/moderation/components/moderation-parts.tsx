import { CircleAlert, Flag } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { FieldError, FormSuccess, SubmitButton } from "~/ui/form";
import type { ModerationAnswer } from "../item-actions.server";
import { MODERATION_REASON_MAX, type ModerationIntent } from "../action-schema";
import type { HistoryEntry, ItemReport, SellerAccount } from "../queue-items";
import type { ModerationSignal } from "../signals.server";

// The pieces of the moderation pages: the action forms, an item's reports, signals and history.

const sectionHeading = "text-lg font-bold tracking-tight";

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-4 sm:p-6">
      <h2 id={id} className={sectionHeading}>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function SignalList({ signals }: { signals: ModerationSignal[] }) {
  if (signals.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No warning signs.</p>;
  return (
    <ul className="space-y-2" data-testid="moderation-signals">
      {signals.map((signal) => (
        <li key={signal.kind + signal.message} className="flex items-start gap-2 rounded-[var(--radius-control)] border border-amber-300 bg-amber-50 p-2.5 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
          <span>{signal.message}</span>
        </li>
      ))}
    </ul>
  );
}

export function ReportList({ reports }: { reports: ItemReport[] }) {
  if (reports.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No reports.</p>;
  return (
    <ol className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="moderation-reports">
      {reports.map((report, index) => (
        <li key={index} className="py-3 first:pt-0 last:pb-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
            <Flag aria-hidden="true" className="size-4 text-red-700 dark:text-red-400" strokeWidth={1.75} />
            {report.reasonLabel}
            {report.settled ? <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">Settled</span> : null}
            {!report.counts ? <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">Does not count: new or unverified account</span> : null}
          </p>
          {report.details ? <p className="mt-1 text-sm whitespace-pre-line break-words">{report.details}</p> : null}
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {report.reporter} · {formatSouthAfricanDate(report.at)}
          </p>
        </li>
      ))}
    </ol>
  );
}

export function AccountFacts({ account }: { account: SellerAccount }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold">Name</dt>
      <dd className="break-words">{account.name}</dd>
      <dt className="font-semibold">E-mail</dt>
      <dd className="break-all">{account.email}</dd>
      <dt className="font-semibold">Member since</dt>
      <dd>{formatSouthAfricanDate(account.memberSince)}</dd>
      {account.bannedAt ? (
        <>
          <dt className="font-semibold text-red-800 dark:text-red-300">Banned</dt>
          <dd className="text-red-800 dark:text-red-300">
            {formatSouthAfricanDate(account.bannedAt)}: {account.banReason}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export function History({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing has been done yet.</p>;
  return (
    <ol className="space-y-2 text-sm" data-testid="moderation-history">
      {entries.map((entry, index) => (
        <li key={index}>
          <span className="font-semibold">{entry.action}</span> by {entry.actor}, {formatSouthAfricanDate(entry.at)}
          {entry.reason ? <span className="block break-words text-slate-700 dark:text-slate-300">{entry.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}

const intentWords: Record<ModerationIntent, { title: string; button: string; help: string; reasonLabel: string }> = {
  restore: { title: "Restore", button: "Restore", help: "Puts it back as it was and settles its reports.", reasonLabel: "Note for the seller (optional)" },
  remove: { title: "Remove", button: "Remove", help: "Takes it off the site for good; the seller is mailed your reason.", reasonLabel: "Reason the seller is told" },
  ban: { title: "Ban the seller", button: "Ban the seller", help: "Hides all their live ads and stops new posts; they are mailed your reason.", reasonLabel: "Reason the seller is told" },
};

/** The action forms of one item: each a plain POST, so they work before scripts run too. */
export function ModerationActions({ intents, answer }: { intents: ModerationIntent[]; answer: ModerationAnswer | undefined }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;
  const failed = answer && !answer.ok ? answer : undefined;
  return (
    <div className="space-y-4">
      {answer?.ok ? <FormSuccess>{answer.message}</FormSuccess> : null}
      {failed?.formError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {failed.formError}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        {intents.map((intent) => {
          const words = intentWords[intent];
          const id = `moderation-${intent}`;
          const error = failed?.values.intent === intent ? failed.fieldErrors?.reason : undefined;
          return (
            <Form key={intent} method="post" className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-slate-200 p-3 dark:border-slate-700" aria-labelledby={`${id}-title`}>
              <h3 id={`${id}-title`} className="font-semibold">
                {words.title}
              </h3>
              <p className="text-sm text-slate-600 dark:text-slate-400">{words.help}</p>
              <input type="hidden" name="intent" value={intent} />
              <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
                {words.reasonLabel}
              </label>
              <textarea
                id={`${id}-reason`}
                name="reason"
                rows={3}
                maxLength={MODERATION_REASON_MAX}
                required={intent !== "restore"}
                defaultValue={failed?.values.intent === intent ? failed.values.reason : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className="input min-h-20 resize-y"
              />
              <FieldError id={`${id}-error`} message={error} />
              {intent === "restore" ? (
                <SubmitButton pending={pending === intent} pendingLabel="Saving…" className="mt-auto">
                  {words.button}
                </SubmitButton>
              ) : (
                // The lasting actions look apart from Restore: red words on the quiet button.
                <button
                  type="submit"
                  disabled={pending !== null}
                  aria-busy={pending === intent || undefined}
                  className="btn mt-auto w-full border border-red-300 bg-white text-red-800 hover:bg-red-50 sm:w-auto dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950/40"
                >
                  {pending === intent ? "Saving…" : words.button}
                </button>
              )}
            </Form>
          );
        })}
      </div>
    </div>
  );
}
