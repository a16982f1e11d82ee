import { and, count, eq, inArray } from "drizzle-orm";
import { type Executor } from "~/lib/db.server";
import { dealers, usedAds } from "../../../db/schema";

// The number of live ads a dealer may have (issue 46): 500 unless the operator sets another with
// `npm run dealers:limit`. The posting wizard and the stock feed check it when an ad goes live.

export const DEALER_AD_LIMIT_MAX = 100_000;

export interface DealerLimit {
  id: number;
  name: string;
  adLimit: number;
  liveAds: number;
}

/** A dealer named by its id or its slug, with its limit and its live ads (published or paused). */
export async function dealerLimit(executor: Executor, reference: string): Promise<DealerLimit | undefined> {
  const byId = /^\d{1,9}$/.test(reference);
  const [dealer] = await executor
    .select({ id: dealers.id, name: dealers.name, adLimit: dealers.adLimit })
    .from(dealers)
    .where(byId ? eq(dealers.id, Number(reference)) : eq(dealers.slug, reference))
    .limit(1);
  if (!dealer) return undefined;
  const [live] = await executor
    .select({ n: count() })
    .from(usedAds)
    .where(and(eq(usedAds.dealerId, dealer.id), inArray(usedAds.status, ["published", "paused"])));
  return { ...dealer, liveAds: live?.n ?? 0 };
}

/** Sets the dealer's limit; ads already live above it stay live, and no new one goes live until it has room. */
export async function setDealerAdLimit(executor: Executor, dealerId: number, adLimit: number): Promise<void> {
  if (!Number.isInteger(adLimit) || adLimit < 0 || adLimit > DEALER_AD_LIMIT_MAX) throw new RangeError(`The limit must be a whole number from 0 to ${DEALER_AD_LIMIT_MAX}.`);
  await executor.update(dealers).set({ adLimit }).where(eq(dealers.id, dealerId));
}
