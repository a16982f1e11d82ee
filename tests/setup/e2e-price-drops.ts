// The favourite price-drop journey's seller, written into the fresh e2e database before the
// server starts: an account that signs in with a password and posts the car whose price drops.
import type { DatabaseHandle } from "../../app/lib/db.server";
import { insertSellerUser } from "./ad-fixtures";
import { E2E_DROP_SELLER } from "./e2e-price-drops-data";
import { givePassword } from "./route-calls";

export async function writePriceDropFixtures(handle: DatabaseHandle): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await insertSellerUser(tx, { id: E2E_DROP_SELLER.id, name: E2E_DROP_SELLER.name, email: E2E_DROP_SELLER.email });
    await givePassword(tx, E2E_DROP_SELLER.id, E2E_DROP_SELLER.password);
  });
}
