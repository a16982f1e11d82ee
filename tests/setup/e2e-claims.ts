// Dealers and claimants for the dealer-claim journeys (tests/e2e/dealer-claims.spec.ts): written
// into the fresh e2e database before the server starts; see e2e-claims-data.ts.
import fs from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "../../app/lib/db.server";
import { dealers } from "../../db/schema";
import { E2E_CLAIM_DEALER_EMAIL, E2E_CLAIMANTS, E2E_CLAIMS_FILE, type E2eClaimDealers } from "./e2e-claims-data";
import { insertSignInAccount } from "./route-calls";

export async function writeClaimFixtures(handle: DatabaseHandle, dataDir: string): Promise<void> {
  const now = new Date();
  const member = new Date(now.getTime() - 90 * 86_400_000);
  const found = await handle.db.transaction(async (tx) => {
    for (const account of Object.values(E2E_CLAIMANTS)) {
      await insertSignInAccount(tx, { ...account, createdAt: member });
    }
    const columns = { id: dealers.id, slug: dealers.slug, name: dealers.name };
    const [withAddress] = await tx
      .insert(dealers)
      .values({
        slug: "umhlanga-motor-hub-e2e",
        name: "Umhlanga Motor Hub",
        streetAddress: "12 Demo Lane",
        suburb: "Umhlanga Ridge",
        city: "durban",
        province: "kwazulu-natal",
        phone: "031 555 0142",
        email: E2E_CLAIM_DEALER_EMAIL,
        isDemo: true,
      })
      .returning(columns);
    const [withoutAddress] = await tx
      .insert(dealers)
      .values({ slug: "karoo-bakkie-traders-e2e", name: "Karoo Bakkie Traders", streetAddress: "3 Demo Street", city: "bloemfontein", province: "free-state", phone: "051 555 0175", email: null, isDemo: true })
      .returning(columns);
    return { withAddress: withAddress!, withoutAddress: withoutAddress! } satisfies E2eClaimDealers;
  });
  fs.writeFileSync(path.join(dataDir, E2E_CLAIMS_FILE), JSON.stringify(found, null, 2));
}
