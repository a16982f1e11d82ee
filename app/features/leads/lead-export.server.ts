import { asc, eq, gte } from "drizzle-orm";
import { provinceName } from "~/lib/places";
import type { CsvValue } from "~/lib/csv";
import { db, type Executor } from "~/lib/db.server";
import { dealers, leadDealers, leads } from "../../../db/schema";
import { leadBudgetText, storedLeadBudget, tradeInCarText } from "./lead-labels";
import { southAfricanDayStart as dayStart } from "~/lib/south-african-time";
import { wantedCarNamer } from "./lead-store.server";

// `npm run leads:export`: one row per lead since a day (what, when, where from, which dealers). A
// trade-in's "wanted" is the car it offers; it has no condition, payment or budget.
// No contact details: the dealers and the sales desk have them in their mails.

export const LEAD_EXPORT_HEADER = [
  "id",
  "created_at",
  "car_condition",
  "payment_method",
  "wanted",
  "budget",
  "province",
  "source_path",
  "referrer",
  "utm",
  "dealers",
  "sales_desk",
  // Last, so the older columns keep their places in operators' sheets.
  "kind",
] as const;

/** The start of a South African day ("2025-03-14", UTC+2 all year), or undefined for a bad date. */
export function southAfricanDayStart(day: string): Date | undefined {
  return dayStart(day) ?? undefined;
}

export async function leadExportRows(since: Date, executor: Executor = db()): Promise<CsvValue[][]> {
  const rows = await executor.select().from(leads).where(gte(leads.createdAt, since)).orderBy(asc(leads.createdAt), asc(leads.id));
  const sentTo = rows.length
    ? await executor
        .select({ leadId: leadDealers.leadId, name: dealers.name })
        .from(leadDealers)
        .innerJoin(dealers, eq(dealers.id, leadDealers.dealerId))
        .innerJoin(leads, eq(leads.id, leadDealers.leadId))
        .where(gte(leads.createdAt, since))
        .orderBy(asc(dealers.name))
    : [];
  const dealersOf = new Map<number, string[]>();
  for (const s of sentTo) dealersOf.set(s.leadId, [...(dealersOf.get(s.leadId) ?? []), s.name]);
  const name = await wantedCarNamer(rows.flatMap((r) => r.wanted), executor);
  const budgetText = (r: (typeof rows)[number]) => {
    const budget = storedLeadBudget(r);
    return budget ? leadBudgetText(budget) : "";
  };
  return rows.map((r) => [
    r.id,
    r.createdAt.toISOString(),
    r.carCondition ?? "",
    r.paymentMethod ?? "",
    r.tradeIn ? tradeInCarText(r.tradeIn) : r.wanted.map((c) => name(c) ?? `unknown car ${c.brandId}${c.modelId === null ? "" : `:${c.modelId}`}`).join("; "),
    budgetText(r),
    provinceName(r.province),
    r.attribution.sourcePath,
    r.attribution.referrer,
    Object.entries(r.attribution.utm)
      .map(([key, value]) => `${key}=${value}`)
      .join("; "),
    (dealersOf.get(r.id) ?? []).join("; "),
    r.salesDeskAt ? "yes" : "no",
    r.kind,
  ]);
}
