import { and, count, eq, inArray, ne } from "drizzle-orm";
import { type Executor, db } from "~/lib/db.server";
import { dealers, usedAds, users } from "../../../../db/schema";
import { PRIVATE_LIVE_AD_LIMIT, PRIVATE_LIVE_AD_LIMIT_MESSAGE } from "../ad-form-rules";

// A private seller may have at most PRIVATE_LIVE_AD_LIMIT live ads (published, paused ads count
// too: they come back with one click). Checked inside the transaction that would add one (publish,
// renew, unpause), so two tabs publishing at once cannot pass the limit together.

/** Why one more live ad is refused; its message is the seller's answer. */
export class SellingRefused extends Error {}

class LiveAdLimitReached extends SellingRefused {
  constructor() {
    super(PRIVATE_LIVE_AD_LIMIT_MESSAGE);
  }
}

export const SELLER_BANNED_MESSAGE = "Your account can no longer sell on Voitura: a moderator has banned it. Reply to the mail we sent you if you think this is a mistake.";

/** A moderator banned this account (docs/moderation.md): no ad of theirs goes live again. */
class SellerBanned extends SellingRefused {
  constructor() {
    super(SELLER_BANNED_MESSAGE);
  }
}

/** Whether a moderator has banned this account from selling. */
export async function isBannedSeller(userId: string, executor: Executor = db()): Promise<boolean> {
  const [row] = await executor.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.bannedAt);
}

/** How many live ads (published or paused) the user sells, leaving out `exceptAdId`. */
export async function liveAdCount(userId: string, executor: Executor = db(), exceptAdId?: number): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(usedAds)
    .where(
      and(
        eq(usedAds.sellerUserId, userId),
        eq(usedAds.sellerKind, "private"),
        inArray(usedAds.status, ["published", "paused"]),
        exceptAdId === undefined ? undefined : ne(usedAds.id, exceptAdId),
      ),
    );
  return row?.n ?? 0;
}

/** Throws SellerBanned for a banned account, LiveAdLimitReached when one more live ad would pass the limit. */
export async function assertRoomForLiveAd(userId: string, executor: Executor, exceptAdId?: number): Promise<void> {
  if (await isBannedSeller(userId, executor)) throw new SellerBanned();
  if ((await liveAdCount(userId, executor, exceptAdId)) >= PRIVATE_LIVE_AD_LIMIT) throw new LiveAdLimitReached();
}


/** A dealer's live ads (published or paused) are capped by its ad_limit (issue 46). */
class DealerAdLimitReached extends SellingRefused {
  constructor(limit: number) {
    super(`Your dealership may have ${limit} live ads (for sale or paused): mark one as sold before you renew another.`);
  }
}

/** Throws DealerAdLimitReached when one more live ad (published or paused) would pass the dealer's ad_limit. */
export async function assertDealerRoomForLiveAd(dealerId: number, executor: Executor, exceptAdId?: number): Promise<void> {
  const [dealer] = await executor.select({ adLimit: dealers.adLimit }).from(dealers).where(eq(dealers.id, dealerId)).limit(1);
  const [row] = await executor
    .select({ n: count() })
    .from(usedAds)
    .where(
      and(
        eq(usedAds.dealerId, dealerId),
        inArray(usedAds.status, ["published", "paused"]),
        exceptAdId === undefined ? undefined : ne(usedAds.id, exceptAdId),
      ),
    );
  const limit = dealer?.adLimit ?? 0;
  if ((row?.n ?? 0) >= limit) throw new DealerAdLimitReached(limit);
}
