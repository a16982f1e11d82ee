import { eq, or, sql } from "drizzle-orm";
import { cityName } from "~/lib/places";
import { db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { dealers, leadDealers, leads } from "../../../db/schema";
import { readLeadDeletionToken } from "./lead-deletion-token.server";
import { leadRequestLines, storedLeadBudget } from "./lead-labels";
import { wantedCarNamer } from "./lead-store.server";

// Deleting a shopper's lead: from the confirmation mail's signed link (the token is the authority,
// no sign-in), or with their account (by user id and by the account's e-mail address).

export const LEAD_DELETION_MESSAGES = {
  invalid: "This link does not work. Copy the whole link from the confirmation mail.",
  gone: "This request was already deleted: there is nothing left to delete.",
} as const;

interface LeadToDelete {
  id: number;
  createdAt: Date;
  name: string;
  email: string;
  lines: string[];
  dealers: Array<{ name: string; city: string }>;
}

type LeadOfToken = { ok: true; lead: LeadToDelete } | { ok: false; status: 404 | 410; message: string };

/** What the token's lead holds, for the page that asks before deleting. */
export async function leadOfDeletionToken(token: string | null | undefined): Promise<LeadOfToken> {
  const leadId = readLeadDeletionToken(token);
  if (leadId === undefined) return { ok: false, status: 404, message: LEAD_DELETION_MESSAGES.invalid };
  const [row] = await db().select().from(leads).where(eq(leads.id, leadId)).limit(1);
  if (!row) return { ok: false, status: 410, message: LEAD_DELETION_MESSAGES.gone };
  const name = await wantedCarNamer(row.wanted);
  const sentTo = await db()
    .select({ name: dealers.name, city: dealers.city })
    .from(leadDealers)
    .innerJoin(dealers, eq(dealers.id, leadDealers.dealerId))
    .where(eq(leadDealers.leadId, leadId))
    .orderBy(dealers.name);
  return {
    ok: true,
    lead: {
      id: row.id,
      createdAt: row.createdAt,
      name: row.name,
      email: row.email,
      lines: leadRequestLines({ ...row, budget: storedLeadBudget(row), wantedNames: row.wanted.map((c) => name(c) ?? "a car no longer in the catalogue") }),
      dealers: sentTo.map((d) => ({ name: d.name, city: cityName(d.city) })),
    },
  };
}

/** Deletes the token's lead (its lead_dealers rows go with it, on delete cascade). */
export async function deleteLeadByToken(token: string | null | undefined): Promise<{ ok: true } | { ok: false; status: 404 | 410; message: string }> {
  const leadId = readLeadDeletionToken(token);
  if (leadId === undefined) return { ok: false, status: 404, message: LEAD_DELETION_MESSAGES.invalid };
  const deleted = await db().delete(leads).where(eq(leads.id, leadId)).returning({ id: leads.id });
  if (deleted.length === 0) return { ok: false, status: 410, message: LEAD_DELETION_MESSAGES.gone };
  logger.info({ leadId }, "lead deleted from its confirmation mail's link");
  return { ok: true };
}

/**
 * An account's leads, in the account deletion's transaction: those sent while signed in (the
 * user_id cascade would take them too) and those sent with the account's e-mail address.
 */
export async function deleteLeadsOfAccount(executor: Executor, user: { id: string; email: string }): Promise<number> {
  const deleted = await executor
    .delete(leads)
    .where(or(eq(leads.userId, user.id), sql`lower(${leads.email}) = lower(${user.email})`))
    .returning({ id: leads.id });
  return deleted.length;
}
