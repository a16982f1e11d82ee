import { z } from "zod";
import { data, redirect } from "react-router";
import { requireDealerMember } from "~/features/dealer-accounts/membership.server";
import { dealerDashboardUrl } from "~/features/dealer-accounts/urls";
import { adUrl } from "~/features/marketplace/urls";
import { toCsv } from "~/lib/csv";
import { publicUrl } from "~/lib/env.server";
import { parseNumericId } from "~/lib/errors";
import { assertSameOrigin, readForm } from "~/lib/security.server";
import { southAfricanDay } from "~/lib/south-african-time";
import { dealerLeadStatuses, type DealerLeadStatus } from "../../../../db/schema/vocabulary";
import { dashboardWriteLimit } from "./dashboard-limits.server";
import {
  LEAD_NOTE_MAX,
  leadKindLabels,
  leadKinds,
  LEADS_EXPORT_MAX,
  LEADS_PAGE_SIZE,
  leadsSearch,
  leadStatusLabels,
  parseLeadsQuery,
  receivedText,
  SCRIPTED_FIELD,
  type LeadKind,
  type LeadsQuery,
} from "./dashboard-rules";
import { countDealerLeads, dealerLeads, setLeadStatus, type DealerLead } from "./leads.server";

// The dashboard's leads page (/mon-compte/concession/{dealerId}/prospects): the loader's view, the
// status-and-note form's POST, and the CSV export (prospects.csv), all behind the "leads" right.

export interface LeadRow {
  key: string;
  kind: LeadKind;
  kindLabel: string;
  id: number;
  received: string;
  receivedIso: string;
  name: string;
  email: string;
  phone: string | null;
  status: DealerLeadStatus;
  note: string;
  asked: string[];
  message: string | null;
  ad: { title: string; path: string; stockNumber: string | null } | null;
}

export interface LeadsView {
  dealerId: number;
  query: LeadsQuery;
  total: number;
  pageCount: number;
  rows: LeadRow[];
  notice: string | null;
  exportPath: string;
}

const leadKey = (lead: { kind: LeadKind; id: number }) => `${lead.kind}-${lead.id}`;

function leadRow(lead: DealerLead): LeadRow {
  return {
    key: leadKey(lead),
    kind: lead.kind,
    kindLabel: leadKindLabels[lead.kind],
    id: lead.id,
    received: receivedText(lead.receivedAt),
    receivedIso: lead.receivedAt.toISOString(),
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    status: lead.status,
    note: lead.note,
    asked: lead.asked,
    message: lead.message,
    ad: lead.ad ? { title: lead.ad.title, path: adUrl(lead.ad), stockNumber: lead.ad.stockNumber } : null,
  };
}

export async function leadsLoader(request: Request, params: { dealerId?: string }): Promise<LeadsView> {
  const url = new URL(request.url);
  const dealerId = parseNumericId(params.dealerId, url.pathname);
  await requireDealerMember(request, dealerId, "leads");
  const query = parseLeadsQuery(url.searchParams);
  const total = await countDealerLeads(dealerId, query);
  const pageCount = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  if (query.page > pageCount) throw redirect(`${url.pathname}${leadsSearch(query, pageCount)}`);
  const leads = await dealerLeads(dealerId, query);
  const saved = url.searchParams.get("saved");
  const savedLead = leads.find((l) => leadKey(l) === saved);
  return {
    dealerId,
    query,
    total,
    pageCount,
    rows: leads.map(leadRow),
    notice: savedLead ? statusSavedMessage(savedLead) : null,
    exportPath: `${dealerDashboardUrl(dealerId, "prospects")}.csv${leadsSearch({ ...query, page: 1 })}`,
  };
}

const statusSavedMessage = (lead: { name: string; status: DealerLeadStatus }) => `Saved: ${lead.name}’s lead is “${leadStatusLabels[lead.status]}”.`;

/** The status form of one lead (no script validation: a select and an optional note). */
export const leadStatusSchema = z.object({
  kind: z.enum(leadKinds, { error: "This lead does not exist." }),
  id: z.string().regex(/^\d{1,9}$/, { error: "This lead does not exist." }).transform(Number),
  status: z.enum(dealerLeadStatuses, { error: "Choose a status from the list." }),
  note: z
    .string()
    .trim()
    .max(LEAD_NOTE_MAX, { error: `Keep the note under ${LEAD_NOTE_MAX} characters.` })
    .default(""),
});

export type LeadStatusAnswer = { ok: true; key: string; message: string } | { ok: false; key: string | null; message: string };

export async function leadsAction(request: Request, params: { dealerId?: string }): Promise<ReturnType<typeof data<LeadStatusAnswer>>> {
  assertSameOrigin(request);
  const url = new URL(request.url);
  const dealerId = parseNumericId(params.dealerId, url.pathname);
  const { user } = await requireDealerMember(request, dealerId, "leads");
  const form = await readForm(request, 8 * 1024);
  const given = { kind: form.get("kind"), id: form.get("id") };
  const key = typeof given.kind === "string" && typeof given.id === "string" ? `${given.kind}-${given.id}` : null;
  const fail = (status: number, message: string, headers?: HeadersInit) => data<LeadStatusAnswer>({ ok: false, key, message }, { status, headers });
  const limit = await dashboardWriteLimit(user.id, dealerId);
  if (!limit.ok) return fail(429, limit.message, { "Retry-After": String(limit.retryAfterSeconds) });
  const parsed = leadStatusSchema.safeParse({ kind: given.kind, id: given.id, status: form.get("status"), note: form.get("note") ?? undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(issue?.path[0] === "kind" || issue?.path[0] === "id" ? 404 : 400, issue?.message ?? "Check the form.");
  }
  const { kind, id, status, note } = parsed.data;
  const lead = { kind, id };
  if (!(await setLeadStatus(dealerId, lead, { status, note }))) return fail(404, "This lead does not exist or did not reach your dealership.");
  if (form.get(SCRIPTED_FIELD) !== "1") {
    const back = parseLeadsQuery(new URLSearchParams(String(form.get("back") ?? "")));
    const search = new URLSearchParams(leadsSearch(back));
    search.set("saved", leadKey(lead));
    throw redirect(`${dealerDashboardUrl(dealerId, "prospects")}?${search}#lead-${leadKey(lead)}`, 303);
  }
  return data<LeadStatusAnswer>({ ok: true, key: leadKey(lead), message: `Saved: “${leadStatusLabels[status]}”${note ? ", with your note" : ""}.` });
}

export const LEADS_CSV_HEADER = ["received_at", "kind", "status", "note", "name", "email", "phone", "asked", "message", "ad", "stock_number", "ad_url"] as const;

/** prospects.csv: the leads under the page's filters, newest first, at most LEADS_EXPORT_MAX. */
export async function leadsExportLoader(request: Request, params: { dealerId?: string }): Promise<Response> {
  const url = new URL(request.url);
  const dealerId = parseNumericId(params.dealerId, url.pathname);
  const { membership } = await requireDealerMember(request, dealerId, "leads");
  const query = { ...parseLeadsQuery(url.searchParams), page: 1 };
  const leads = await dealerLeads(dealerId, query, { limit: LEADS_EXPORT_MAX });
  const csv = toCsv([
    LEADS_CSV_HEADER,
    ...leads.map((lead) => [
      lead.receivedAt.toISOString(),
      leadKindLabels[lead.kind],
      leadStatusLabels[lead.status],
      lead.note,
      lead.name,
      lead.email,
      lead.phone,
      lead.asked.join("; "),
      lead.message,
      lead.ad?.title,
      lead.ad?.stockNumber,
      lead.ad ? `${publicUrl()}${adUrl(lead.ad)}` : null,
    ]),
  ]);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="leads-${membership.dealerSlug}-${southAfricanDay(new Date())}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
