// The stock feed journey's dealer and its owner (tests/e2e/dealer-stock-feed.spec.ts): a dealer of
// its own, so the ads the journey imports touch no other journey's pages.
import { hashPassword } from "better-auth/crypto";
import type { DatabaseHandle } from "../../app/lib/db.server";
import { authAccounts, dealerMembers, dealers, users } from "../../db/schema";
import { E2E_FEED_DEALER, E2E_FEED_OWNER } from "./e2e-stock-feed-data";

export async function writeStockFeedFixtures(handle: DatabaseHandle): Promise<void> {
  const now = new Date();
  await handle.db.transaction(async (tx) => {
    const [dealer] = await tx
      .insert(dealers)
      .values({ slug: E2E_FEED_DEALER.slug, name: E2E_FEED_DEALER.name, city: "pretoria", province: "gauteng", phone: "012 555 0177", onMarketplace: true, isDemo: true })
      .returning({ id: dealers.id });
    const { id, email, name, password } = E2E_FEED_OWNER;
    await tx.insert(users).values({ id, name, email, emailVerified: true, createdAt: now, updatedAt: now });
    await tx.insert(authAccounts).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: await hashPassword(password), createdAt: now, updatedAt: now });
    await tx.insert(dealerMembers).values({ dealerId: dealer!.id, userId: id, role: "owner" });
  });
}
