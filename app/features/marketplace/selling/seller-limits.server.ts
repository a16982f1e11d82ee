import { and, count, eq, inArray, ne } from "drizzle-orm";
import { mayActForDealer } from "~/features/dealer-accounts/membership.server";
import { type Executor, db } from "~/lib/db.server";
import { dealers, usedAds, users } from "../../../../db/schema";
import { dealerLiveAdLimitMessage, PRIVATE_LIVE_AD_LIMIT, PRIVATE_LIVE_AD_LIMIT_MESSAGE } from "../ad-form-rules";

// A private seller may have at most PRIVATE_LIVE_AD_LIMIT live ads (published, paused ads count
// too: they come back with one click). Checked inside the transaction that would add one (publish,
// renew, unpause), so two tabs publishing at once cannot pass the limit together. A dealer's limit
// is its own (dealers.ad_limit, set by the operator) and counts the dealer's ads, whoever posted them.

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


export const NOT_DEALER_MEMBER_MESSAGE = "You no longer act for this dealership on Voitura, so this ad cannot be published for it.";

/**
 * Throws when one more live ad (published or paused) would pass the dealer's ad_limit. The
 * dealer's row is locked, so members publishing or renewing at once cannot pass it together.
 */
export async function assertDealerRoomForLiveAd(dealerId: number, executor: Executor, exceptAdId?: number): Promise<void> {
  const [dealer] = await executor.select({ adLimit: dealers.adLimit }).from(dealers).where(eq(dealers.id, dealerId)).for("update");
  if (!dealer) throw new SellingRefused(NOT_DEALER_MEMBER_MESSAGE);
  const [row] = await executor
    .select({ n: count() })
    .from(usedAds)
    .where(and(eq(usedAds.dealerId, dealerId), inArray(usedAds.status, ["published", "paused"]), exceptAdId === undefined ? undefined : ne(usedAds.id, exceptAdId)));
  if ((row?.n ?? 0) >= dealer.adLimit) throw new SellingRefused(dealerLiveAdLimitMessage(dealer.adLimit));
}

/** For an ad posted for a dealer: the writer must still act for it with the right to its stock, not be banned, and the dealer must have room. */
export async function assertRoomForDealerAd(userId: string, dealerId: number, executor: Executor, exceptAdId?: number): Promise<void> {
  if (await isBannedSeller(userId, executor)) throw new SellerBanned();
  if (!(await mayActForDealer(userId, dealerId, "stock", executor))) throw new SellingRefused(NOT_DEALER_MEMBER_MESSAGE);
  await assertDealerRoomForLiveAd(dealerId, executor, exceptAdId);
}
