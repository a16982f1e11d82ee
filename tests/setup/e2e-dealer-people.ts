// A dealer owner for the dealer-accounts journeys (issue 46): claims are another journey's, so the
// account is written here as owner (dealer_members) of two demo dealers no other journey edits
// (independent, not on the marketplace, not the dealer page journey's). Their ids go to
// DATA_DIR/e2e-dealer-people.json for the spec.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { resultRows, type DatabaseHandle } from "../../app/lib/db.server";
import { dealerMembers } from "../../db/schema";
import { E2E_DEALER_PEOPLE_FILE, type E2eDealerPeople } from "./e2e-dealer-people-data";
import { E2E_DEALERS_FILE, type E2eDealers } from "./e2e-dealers-data";
import { insertSignInAccount } from "./route-calls";

const OWNER = { id: "e2e-people-owner", email: "people-owner@example.com", password: "Secret123", name: "Thandi Nkosi" };

/** After writeDealerFixtures: the directory is seeded and the other journeys' dealers are known. */
export async function writeDealerPeopleFixtures(handle: DatabaseHandle, dataDir: string): Promise<void> {
  const taken = JSON.parse(fs.readFileSync(path.join(dataDir, E2E_DEALERS_FILE), "utf8")) as E2eDealers;
  const dealers = resultRows<{ id: number; slug: string; name: string }>(
    await handle.db.execute(sql`select id, slug, name from dealers
      where is_demo and kind = 'independent' and not on_marketplace and id not in (${taken.franchise.id}, ${taken.marketplace.id})
      order by id limit 2`),
  ).map((d) => ({ ...d, id: Number(d.id) }));
  if (dealers.length < 2) throw new Error("the demo directory has fewer than two independent dealers off the marketplace");
  const now = new Date();
  await handle.db.transaction(async (tx) => {
    await insertSignInAccount(tx, { ...OWNER, createdAt: now });
    await tx.insert(dealerMembers).values(dealers.map((d) => ({ dealerId: d.id, userId: OWNER.id, role: "owner" as const })));
  });
  const found: E2eDealerPeople = { owner: { email: OWNER.email, password: OWNER.password, name: OWNER.name }, dealers };
  fs.writeFileSync(path.join(dataDir, E2E_DEALER_PEOPLE_FILE), JSON.stringify(found, null, 2));
}
