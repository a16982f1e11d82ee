import { Car, Mail, Phone } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { telHref } from "../../dealer-labels";
import { dealerLeadStatuses } from "../../../../../db/schema/vocabulary";
import { LEAD_NOTE_MAX, leadStatusLabels } from "../dashboard-rules";
import type { LeadRow, LeadStatusAnswer } from "../leads-page.server";

// One lead: when it came, what kind, who and how to reach them, what they asked about which car,
// and the staff's small status-and-note form. Without scripts the form posts and the page comes
// back with a notice; with them it answers in place.

const kindTone: Record<LeadRow["kind"], string> = {
  request: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  "trade-in": "bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100",
  "dealer-message": "bg-primary-100 text-primary-900 dark:bg-primary-900/60 dark:text-primary-100",
  "ad-message": "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
};

export function LeadItem({ lead, action, back, scripted, scriptedField }: { lead: LeadRow; action: string; back: string; scripted: boolean; scriptedField: string }) {
  const fetcher = useFetcher<LeadStatusAnswer>({ key: `lead-${lead.key}` });
  const id = useId();
  const headingId = `lead-${lead.key}-name`;
  const [answer, setAnswer] = useState<LeadStatusAnswer | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setAnswer(fetcher.data);
  }, [fetcher.state, fetcher.data]);
  const saving = fetcher.state !== "idle";
  return (
    <li id={`lead-${lead.key}`} className="card grid gap-4 p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_18rem]" data-testid="lead" data-lead={lead.key}>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${kindTone[lead.kind]}`}>{lead.kindLabel}</span>
          <time dateTime={lead.receivedIso} className="text-slate-700 dark:text-slate-300">
            {lead.received}
          </time>
        </div>
        <h2 id={headingId} className="text-lg font-bold break-words">
          {lead.name}
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="How to reach them">
          <li>
            <a href={`mailto:${lead.email}`} className="link inline-flex items-center gap-1.5 break-all">
              <Mail aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
              {lead.email}
            </a>
          </li>
          {lead.phone ? (
            <li>
              <a href={telHref(lead.phone)} className="link inline-flex items-center gap-1.5">
                <Phone aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
                {lead.phone}
              </a>
            </li>
          ) : null}
        </ul>
        {lead.ad ? (
          <p className="inline-flex flex-wrap items-center gap-1.5 text-sm">
            <Car aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
            About{" "}
            <Link to={lead.ad.path} className="link">
              {lead.ad.title}
            </Link>
            {lead.ad.stockNumber ? <span className="text-slate-700 dark:text-slate-300">(stock no. {lead.ad.stockNumber})</span> : null}
          </p>
        ) : null}
        {lead.asked.length ? (
          <ul className="flex flex-col gap-0.5 text-sm text-slate-800 dark:text-slate-200" aria-label="What they asked">
            {lead.asked.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {lead.message ? <p className="rounded-[var(--radius-control)] bg-slate-50 p-3 text-sm whitespace-pre-line break-words dark:bg-slate-800/60">{lead.message}</p> : null}
      </div>
      <fetcher.Form method="post" action={action} className="flex flex-col gap-2" aria-labelledby={headingId}>
        <input type="hidden" name="kind" value={lead.kind} />
        <input type="hidden" name="id" value={lead.id} />
        <input type="hidden" name="back" value={back} />
        {scripted ? <input type="hidden" name={scriptedField} value="1" /> : null}
        <label htmlFor={`${id}-status`} className="text-sm font-semibold">
          Status
        </label>
        <select id={`${id}-status`} name="status" defaultValue={lead.status} className="input py-2" data-testid="lead-status">
          {dealerLeadStatuses.map((status) => (
            <option key={status} value={status}>
              {leadStatusLabels[status]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-note`} className="text-sm font-semibold">
          Note <span className="font-normal text-slate-600 dark:text-slate-400">(only your team sees it)</span>
        </label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={LEAD_NOTE_MAX} defaultValue={lead.note} className="input py-2 text-sm" />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary px-3 py-2" disabled={saving} aria-busy={saving || undefined}>
            Save
          </button>
          <p role="status" className={`text-sm font-semibold ${answer && !answer.ok ? "text-red-800 dark:text-red-300" : "text-emerald-800 dark:text-emerald-300"}`}>
            {answer ? answer.message : ""}
          </p>
        </div>
      </fetcher.Form>
    </li>
  );
}
