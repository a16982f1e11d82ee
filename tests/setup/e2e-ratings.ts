// Buyers' ratings' journeys (tests/e2e/dealer-ratings.spec.ts) need what no visitor can make in a
// moment: a buyer whose message to a dealer is 10 days old, one whose message is 2 days old, a
// buyer who never wrote, a member of the dealer (claims are another journey) and an earlier
// rating to answer. The dealer is a demo dealer the other dealer journeys do not visit; its id is
// written to DATA_DIR/e2e-ratings.json. After the dealer fixtures (the directory seeded).
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { resultRows, type DatabaseHandle } from "../../app/lib/db.server";
import { dealerContacts, dealerMembers, dealerRatings } from "../../db/schema";
import { E2E_DEALERS_FILE, type E2eDealers } from "./e2e-dealers-data";
import { E2E_RATINGS_FILE, E2E_RATINGS_PASSWORD, type E2eRatings, RATING_ACCOUNTS } from "./e2e-ratings-data";
import { insertSignInAccount } from "./route-calls";

const DAY = 86_400_000;

export async function writeRatingFixtures(handle: DatabaseHandle, dataDir: string): Promise<void> {
  const taken = JSON.parse(fs.readFileSync(path.join(dataDir, E2E_DEALERS_FILE), "utf8")) as E2eDealers;
  const [dealer] = resultRows<{ id: number; slug: string; name: string }>(
    await handle.db.execute(sql`select id, slug, name from dealers
      where is_demo and email is not null and id not in (${taken.franchise.id}, ${taken.marketplace.id})
      order by id limit 1`),
  );
  if (!dealer) throw new Error("the demo directory has no third dealer for the ratings' journeys");
  const now = Date.now();
  const earlierRatingId = await handle.db.transaction(async (tx) => {
    // Members for months: their reports would count, and nothing about them is new.
    const since = new Date(now - 90 * DAY);
    for (const account of Object.values(RATING_ACCOUNTS)) {
      await insertSignInAccount(tx, { ...account, password: E2E_RATINGS_PASSWORD, createdAt: since });
    }
    const wrote = (userId: string, name: string, email: string, daysAgo: number) =>
      tx.insert(dealerContacts).values({
        dealerId: dealer.id,
        userId,
        name,
        email,
        topic: "used-car",
        message: "Good day, is the white Polo Vivo on your page still available? (demo data)",
        createdAt: new Date(now - daysAgo * DAY),
      });
    await wrote(RATING_ACCOUNTS.buyer.id, RATING_ACCOUNTS.buyer.name, RATING_ACCOUNTS.buyer.email, 10);
    await wrote(RATING_ACCOUNTS.recent.id, RATING_ACCOUNTS.recent.name, RATING_ACCOUNTS.recent.email, 2);
    await wrote(RATING_ACCOUNTS.earlier.id, RATING_ACCOUNTS.earlier.name, RATING_ACCOUNTS.earlier.email, 30);
    await tx.insert(dealerMembers).values({ dealerId: dealer.id, userId: RATING_ACCOUNTS.member.id, role: "staff" });
    const at = new Date(now - 20 * DAY);
    const [rating] = await tx
      .insert(dealerRatings)
      .values({
        dealerId: dealer.id,
        userId: RATING_ACCOUNTS.earlier.id,
        response: 4,
        honesty: 4,
        asDescribed: 3,
        text: "They answered the same day and the price was fair, but the service book was missing a stamp. (demo data)",
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: dealerRatings.id });
    return rating!.id;
  });
  const found: E2eRatings = { dealer, earlierRatingId };
  fs.writeFileSync(path.join(dataDir, E2E_RATINGS_FILE), JSON.stringify(found, null, 2));
}
