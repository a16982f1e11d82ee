// The stock feed journey's dealer and its owner (tests/e2e/dealer-stock-feed.spec.ts): a dealer of
// its own, so the ads the journey imports touch no other journey's pages.
import type { DatabaseHandle } from "../../app/lib/db.server";
import { dealerMembers, dealers } from "../../db/schema";
import { E2E_FEED_DEALER, E2E_FEED_OWNER } from "./e2e-stock-feed-data";
import { insertSignInAccount } from "./route-calls";

export async function writeStockFeedFixtures(handle: DatabaseHandle): Promise<void> {
  const now = new Date();
  await handle.db.transaction(async (tx) => {
    const [dealer] = await tx
      .insert(dealers)
      .values({ slug: E2E_FEED_DEALER.slug, name: E2E_FEED_DEALER.name, city: "pretoria", province: "gauteng", phone: "012 555 0177", onMarketplace: true, isDemo: true })
      .returning({ id: dealers.id });
    await insertSignInAccount(tx, { ...E2E_FEED_OWNER, createdAt: now });
    await tx.insert(dealerMembers).values({ dealerId: dealer!.id, userId: E2E_FEED_OWNER.id, role: "owner" });
  });
}
