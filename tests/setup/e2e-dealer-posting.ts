// A staff member of a demo dealer for tests/e2e/dealer-posting.spec.ts (issue 46): membership
// comes from a claim or an owner's invitation, which other journeys walk through; this one starts
// signed in as staff. The dealer (an independent on the marketplace that no other journey uses)
// is written to DATA_DIR/e2e-dealer-posting.json for the spec.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { resultRows, type DatabaseHandle } from "../../app/lib/db.server";
import { dealerMembers } from "../../db/schema";
import { E2E_DEALER_POSTING_FILE, type E2eDealerPosting } from "./e2e-dealer-posting-data";
import { insertSignInAccount } from "./route-calls";

export async function writeDealerPostingFixtures(handle: DatabaseHandle, dataDir: string): Promise<void> {
  const [dealer] = resultRows<{ id: number; slug: string; name: string }>(
    await handle.db.execute(sql`select id, slug, name from dealers
      where is_demo and kind = 'independent' and on_marketplace and phone is not null
      order by id desc limit 1`),
  );
  if (!dealer) throw new Error("the demo directory has no independent marketplace dealer with a phone number");
  const staff = { id: "e2e-dealer-staff", email: "dealer-staff@example.com", password: "Secret123", name: "Lerato Dlamini" };
  const now = new Date();
  await handle.db.transaction(async (tx) => {
    await insertSignInAccount(tx, { ...staff, createdAt: now });
    await tx.insert(dealerMembers).values({ dealerId: dealer.id, userId: staff.id, role: "staff" });
  });
  const found: E2eDealerPosting = { dealer, staff: { email: staff.email, password: staff.password } };
  fs.writeFileSync(path.join(dataDir, E2E_DEALER_POSTING_FILE), JSON.stringify(found, null, 2));
}
