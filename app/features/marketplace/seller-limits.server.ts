import { and, count, eq, inArray, ne } from "drizzle-orm";
import { type Executor, db } from "~/lib/db.server";
import { usedAds } from "../../../db/schema";
import { PRIVATE_LIVE_AD_LIMIT, PRIVATE_LIVE_AD_LIMIT_MESSAGE } from "./ad-form-rules";

// A private seller may have at most PRIVATE_LIVE_AD_LIMIT live ads (published, paused ads count
// too: they come back with one click). Checked inside the transaction that would add one (publish,
// renew, unpause), so two tabs publishing at once cannot pass the limit together.

export class LiveAdLimitReached extends Error {
  constructor() {
    super(PRIVATE_LIVE_AD_LIMIT_MESSAGE);
  }
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

/** Throws LiveAdLimitReached when one more live ad would pass the limit. */
export async function assertRoomForLiveAd(userId: string, executor: Executor, exceptAdId?: number): Promise<void> {
  if ((await liveAdCount(userId, executor, exceptAdId)) >= PRIVATE_LIVE_AD_LIMIT) throw new LiveAdLimitReached();
}

