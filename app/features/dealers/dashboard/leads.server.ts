import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db, resultRows, type Executor } from "~/lib/db.server";
import { dealerContacts, leadDealers, leads, usedAdContacts, usedAds } from "../../../../db/schema";
import type { DealerLeadStatus } from "../../../../db/schema/vocabulary";
import { leadContactTimeLabels, leadRequestLines, storedLeadBudget } from "~/features/leads/lead-labels";
import { wantedCarNamer } from "~/features/leads/lead-store.server";
import { dealerContactTopicLabels, type DealerContactTopic } from "../dealer-contact";
import { LEADS_PAGE_SIZE, type LeadKind, type LeadsQuery } from "./dashboard-rules";

// Every request that reached a dealer (issue 46), in one list newest first: the find-my-car
// requests and the trade-ins it was matched to (lead_dealers), the messages of its page's contact
// form (dealer_contacts) and the messages about its ads (used_ad_contacts), each with the status
// and note its staff set. Every query and write names the dealer; the caller checked the member.

export interface DealerLead {
  kind: LeadKind;
  id: number;
  receivedAt: Date;
  name: string;
  email: string;
  phone: string | null;
  status: DealerLeadStatus;
  note: string;
  statusAt: Date | null;
  /** What they asked, as lines ("Wants: …", "Budget: …") for a request; the topic for a page message. */
  asked: string[];
  message: string | null;
  /** The ad a message is about. */
  ad: { id: number; slug: string; title: string; stockNumber: string | null } | null;
}

/** The four kinds' (kind, id, received) of the dealer under the filters, as one union. */
function leadKeys(dealerId: number, query: Pick<LeadsQuery, "status" | "kind">): SQL {
  const status = (column: SQL) => (query.status ? sql` and ${column} = ${query.status}` : sql``);
  const parts: SQL[] = [];
  // Find-my-car requests and trade-ins are both leads (lead_dealers); the lead's kind tells them apart.
  for (const [kind, leadKind] of [
    ["request", "find-car"],
    ["trade-in", "trade-in"],
  ] as const) {
    if (query.kind && query.kind !== kind) continue;
    parts.push(
      sql`select ${kind} as kind, ld.lead_id as id, ld.sent_at as at from lead_dealers ld join leads l on l.id = ld.lead_id where ld.dealer_id = ${dealerId} and l.kind = ${leadKind}${status(sql`ld.dealer_status`)}`,
    );
  }
  if (!query.kind || query.kind === "dealer-message") {
    parts.push(sql`select 'dealer-message' as kind, c.id, c.created_at as at from dealer_contacts c where c.dealer_id = ${dealerId}${status(sql`c.dealer_status`)}`);
  }
  if (!query.kind || query.kind === "ad-message") {
    parts.push(
      sql`select 'ad-message' as kind, c.id, c.created_at as at from used_ad_contacts c join used_ads a on a.id = c.ad_id where a.dealer_id = ${dealerId}${status(sql`c.dealer_status`)}`,
    );
  }
  return sql.join(parts, sql` union all `);
}

/** How many leads the filters show. */
export async function countDealerLeads(dealerId: number, query: Pick<LeadsQuery, "status" | "kind">, executor: Executor = db()): Promise<number> {
  const [row] = resultRows<{ n: number }>(await executor.execute(sql`select count(*)::int as n from (${leadKeys(dealerId, query)}) k`));
  return Number(row?.n ?? 0);
}

/** A page of the dealer's leads under the filters, newest first (`limit` for the export). */
export async function dealerLeads(
  dealerId: number,
  query: LeadsQuery,
  { limit = LEADS_PAGE_SIZE, executor = db() }: { limit?: number; executor?: Executor } = {},
): Promise<DealerLead[]> {
  const keys = resultRows<{ kind: LeadKind; id: number }>(
    await executor.execute(sql`select kind, id from (${leadKeys(dealerId, query)}) k order by at desc, kind, id desc limit ${limit} offset ${(query.page - 1) * limit}`),
  ).map((k) => ({ kind: k.kind, id: Number(k.id) }));
  const idsOf = (kind: LeadKind) => keys.filter((k) => k.kind === kind).map((k) => k.id);
  const [requests, pageMessages, adMessages] = await Promise.all([
    requestLeads(dealerId, [...idsOf("request"), ...idsOf("trade-in")], executor),
    dealerPageMessages(dealerId, idsOf("dealer-message"), executor),
    adMessageLeads(dealerId, idsOf("ad-message"), executor),
  ]);
  const found = new Map([...requests, ...pageMessages, ...adMessages].map((lead) => [`${lead.kind}:${lead.id}`, lead]));
  return keys.flatMap((k) => found.get(`${k.kind}:${k.id}`) ?? []);
}

async function requestLeads(dealerId: number, ids: number[], executor: Executor): Promise<DealerLead[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({
      id: leads.id,
      receivedAt: leadDealers.sentAt,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      status: leadDealers.dealerStatus,
      note: leadDealers.dealerNote,
      statusAt: leadDealers.dealerStatusAt,
      leadKind: leads.kind,
      carCondition: leads.carCondition,
      paymentMethod: leads.paymentMethod,
      wanted: leads.wanted,
      budgetKind: leads.budgetKind,
      budgetMin: leads.budgetMin,
      budgetMax: leads.budgetMax,
      province: leads.province,
      contactTime: leads.contactTime,
      tradeIn: leads.tradeIn,
    })
    .from(leadDealers)
    .innerJoin(leads, eq(leads.id, leadDealers.leadId))
    .where(and(eq(leadDealers.dealerId, dealerId), inArray(leadDealers.leadId, ids)));
  const carName = await wantedCarNamer(rows.flatMap((r) => r.wanted), executor);
  return rows.map((r) => ({
    kind: r.leadKind === "trade-in" ? "trade-in" : "request",
    id: r.id,
    receivedAt: r.receivedAt,
    name: r.name,
    email: r.email,
    phone: r.phone,
    status: r.status,
    note: r.note,
    statusAt: r.statusAt,
    asked: [
      ...leadRequestLines({ ...r, kind: r.leadKind, budget: storedLeadBudget(r), wantedNames: r.wanted.map((c) => carName(c) ?? "a car no longer in our catalogue") }),
      `Best time to call: ${leadContactTimeLabels[r.contactTime]}`,
    ],
    message: null,
    ad: null,
  }));
}

async function dealerPageMessages(dealerId: number, ids: number[], executor: Executor): Promise<DealerLead[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select()
    .from(dealerContacts)
    .where(and(eq(dealerContacts.dealerId, dealerId), inArray(dealerContacts.id, ids)));
  return rows.map((r) => ({
    kind: "dealer-message",
    id: r.id,
    receivedAt: r.createdAt,
    name: r.name,
    email: r.email,
    phone: r.phone,
    status: r.dealerStatus,
    note: r.dealerNote,
    statusAt: r.dealerStatusAt,
    asked: [`About: ${dealerContactTopicLabels[r.topic as DealerContactTopic] ?? r.topic}`],
    message: r.message,
    ad: null,
  }));
}

async function adMessageLeads(dealerId: number, ids: number[], executor: Executor): Promise<DealerLead[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({
      id: usedAdContacts.id,
      receivedAt: usedAdContacts.createdAt,
      name: usedAdContacts.name,
      email: usedAdContacts.email,
      phone: usedAdContacts.phone,
      status: usedAdContacts.dealerStatus,
      note: usedAdContacts.dealerNote,
      statusAt: usedAdContacts.dealerStatusAt,
      message: usedAdContacts.message,
      adId: usedAds.id,
      adSlug: usedAds.slug,
      adTitle: usedAds.title,
      stockNumber: usedAds.stockNumber,
    })
    .from(usedAdContacts)
    .innerJoin(usedAds, eq(usedAds.id, usedAdContacts.adId))
    .where(and(eq(usedAds.dealerId, dealerId), inArray(usedAdContacts.id, ids)));
  return rows.map((r) => ({
    kind: "ad-message",
    id: r.id,
    receivedAt: r.receivedAt,
    name: r.name,
    email: r.email,
    phone: r.phone,
    status: r.status,
    note: r.note,
    statusAt: r.statusAt,
    asked: [],
    message: r.message,
    ad: { id: r.adId, slug: r.adSlug, title: r.adTitle, stockNumber: r.stockNumber },
  }));
}

/**
 * The staff's status and note on one of the dealer's leads: one UPDATE whose WHERE names the
 * dealer, so another dealer's lead is never touched. False when no such lead is the dealer's.
 */
export async function setLeadStatus(
  dealerId: number,
  lead: { kind: LeadKind; id: number },
  change: { status: DealerLeadStatus; note: string },
  executor: Executor = db(),
): Promise<boolean> {
  const values = { dealerStatus: change.status, dealerNote: change.note, dealerStatusAt: sql`now()` };
  switch (lead.kind) {
    case "request":
    case "trade-in": {
      const rows = await executor
        .update(leadDealers)
        .set(values)
        .where(and(eq(leadDealers.dealerId, dealerId), eq(leadDealers.leadId, lead.id)))
        .returning({ id: leadDealers.leadId });
      return rows.length > 0;
    }
    case "dealer-message": {
      const rows = await executor
        .update(dealerContacts)
        .set(values)
        .where(and(eq(dealerContacts.dealerId, dealerId), eq(dealerContacts.id, lead.id)))
        .returning({ id: dealerContacts.id });
      return rows.length > 0;
    }
    case "ad-message": {
      const rows = await executor
        .update(usedAdContacts)
        .set(values)
        .where(and(eq(usedAdContacts.id, lead.id), sql`${usedAdContacts.adId} in (select id from used_ads where dealer_id = ${dealerId})`))
        .returning({ id: usedAdContacts.id });
      return rows.length > 0;
    }
  }
}
