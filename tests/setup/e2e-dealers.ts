// Which demo dealers the dealer-page journeys visit: the demo directory is seeded here, as the
// server would seed it at start (after the marketplace fixtures, so the marketplace's dealers keep
// their ids and ads), and the ids of a Toyota franchise dealer in Gauteng and of the marketplace
// dealer with the most live ads are written to DATA_DIR/e2e-dealers.json for the specs: the
// journeys find seeded dealers without an id written into them.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { resultRows, type DatabaseHandle } from "../../app/lib/db.server";
import { isEmptyDealerDirectory, seedDealerDirectory } from "../../db/seed/dealers";
import { E2E_DEALERS_FILE, type E2eDealers } from "./e2e-dealers-data";

export async function writeDealerFixtures(handle: DatabaseHandle, dataDir: string): Promise<void> {
  if (await isEmptyDealerDirectory(handle.db)) await seedDealerDirectory(handle.db);
  const [franchise] = resultRows<{ id: number; slug: string; name: string; email: string }>(
    await handle.db.execute(sql`select d.id, d.slug, d.name, d.email from dealers d
      join dealer_brands db on db.dealer_id = d.id join brands b on b.id = db.brand_id
      where d.is_demo and d.kind = 'franchise' and d.sells_new and d.sells_used and d.province = 'gauteng'
        and b.slug = 'toyota' and d.email is not null and d.opening_hours is not null
      order by d.id limit 1`),
  );
  const [marketplace] = resultRows<{ id: number; slug: string; name: string; email: string; ads: number }>(
    await handle.db.execute(sql`select d.id, d.slug, d.name, d.email, count(a.id)::int as ads from dealers d
      join used_ads a on a.dealer_id = d.id and a.status = 'published'
      where d.is_demo and d.on_marketplace and d.email is not null
      group by d.id order by count(a.id) desc, d.id limit 1`),
  );
  if (!franchise || !marketplace) throw new Error("the demo directory has no Toyota dealer in Gauteng or no marketplace dealer with ads");
  const found: E2eDealers = { franchise, marketplace };
  fs.writeFileSync(path.join(dataDir, E2E_DEALERS_FILE), JSON.stringify(found, null, 2));
}
