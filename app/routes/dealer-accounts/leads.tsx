import { CircleAlert, Download, Inbox } from "lucide-react";
import { Form, Link } from "react-router";
import { LeadItem } from "~/features/dealers/dashboard/components/lead-item";
import { leadKindLabels, leadKinds, leadsSearch, leadStatusLabels, SCRIPTED_FIELD } from "~/features/dealers/dashboard/dashboard-rules";
import { leadsAction, leadsLoader } from "~/features/dealers/dashboard/leads-page.server";
import { dealerDashboardUrl } from "~/features/dealer-accounts/urls";
import { routeMeta } from "~/lib/seo";
import { FormSuccess } from "~/ui/form";
import { useHydrated } from "~/ui/use-hydrated";
import { dealerLeadStatuses } from "../../../db/schema/vocabulary";
import type { Route } from "./+types/leads";

// /mon-compte/concession/{dealerId}/prospects: every request that reached the dealer, newest
// first, with filters, a status and note each, and the CSV export (feature: leads-page.server.ts).

export async function loader({ request, params }: Route.LoaderArgs) {
  return leadsLoader(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  return leadsAction(request, params);
}

export default function DealerLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { dealerId, query, total, pageCount, rows, notice, exportPath } = loaderData;
  const hydrated = useHydrated();
  const here = dealerDashboardUrl(dealerId, "prospects");
  const back = leadsSearch(query).replace(/^\?/, "");
  const filtered = query.status !== null || query.kind !== null;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Leads</h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="leads-total">
            {total === 1 ? "1 lead" : `${total.toLocaleString("en-ZA")} leads`}
            {filtered ? " under these filters" : ""}, newest first
          </p>
        </div>
        {total > 0 ? (
          <a href={exportPath} className="btn-secondary" download>
            <Download aria-hidden="true" className="size-4" strokeWidth={2} />
            Download as CSV
          </a>
        ) : null}
      </div>

      {notice && !actionData ? <FormSuccess>{notice}</FormSuccess> : null}
      {actionData && !actionData.ok ? (
        <div role="alert" className="flex items-start gap-2 rounded-[var(--radius-control)] border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
          <p>{actionData.message}</p>
        </div>
      ) : null}

      <Form method="get" action={here} className="flex flex-wrap items-end gap-3" aria-label="Filter the leads">
        <div className="flex flex-col gap-1">
          <label htmlFor="leads-status" className="text-sm font-semibold">
            Status
          </label>
          <select id="leads-status" name="status" defaultValue={query.status ?? ""} className="input py-2">
            <option value="">Any status</option>
            {dealerLeadStatuses.map((status) => (
              <option key={status} value={status}>
                {leadStatusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="leads-kind" className="text-sm font-semibold">
            Kind
          </label>
          <select id="leads-kind" name="kind" defaultValue={query.kind ?? ""} className="input py-2">
            <option value="">Every kind</option>
            {leadKinds.map((kind) => (
              <option key={kind} value={kind}>
                {leadKindLabels[kind]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Show
        </button>
        {filtered ? (
          <Link to={here} className="link py-2.5 text-sm">
            Clear the filters
          </Link>
        ) : null}
      </Form>

      {rows.length === 0 ? (
        <div className="card flex flex-col items-start gap-2 p-6" data-testid="leads-empty">
          <Inbox aria-hidden="true" className="size-8 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
          <p className="text-lg font-semibold">{filtered ? "No leads under these filters" : "No leads yet"}</p>
          <p className="text-slate-700 dark:text-slate-300">
            {filtered
              ? "Try another status or kind."
              : "Buyers' messages about your ads and on your page, and the find-my-car requests we send you, will be listed here."}
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Leads">
          {rows.map((lead) => (
            <LeadItem key={lead.key} lead={lead} action={here} back={back} scripted={hydrated} scriptedField={SCRIPTED_FIELD} />
          ))}
        </ul>
      )}

      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
          {query.page > 1 ? (
            <Link to={`${here}${leadsSearch(query, query.page - 1)}`} className="btn-secondary" rel="prev">
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <p>
            Page {query.page} of {pageCount}
          </p>
          {query.page < pageCount ? (
            <Link to={`${here}${leadsSearch(query, query.page + 1)}`} className="btn-secondary" rel="next">
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Leads: dealer dashboard", description: "The requests that reached your dealership on Voitura.", noindex: true });
}
