import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { resultRows } from "../../../app/lib/db.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { seedMarketplace } from "../marketplace";
import { generateDirectoryDealers, seedDealerDirectory } from ".";

const getDb = useTestDatabase({ seed: true });

// A new database (the server's order): the directory first, then the marketplace, whose dealers
// are already there and keep their directory data.
it("lets the marketplace seed find its dealers in a directory seeded first", async () => {
  const db = getDb().db;
  await seedDealerDirectory(db);
  await seedMarketplace(db, { photos: false });
  const [counts] = resultRows<{ dealers: number; selling: number; bare: number }>(
    await db.execute(sql`select (select count(*)::int from dealers) as dealers,
      (select count(distinct dealer_id)::int from used_ads where dealer_id is not null) as selling,
      (select count(*)::int from dealers where street_address = '') as bare`),
  );
  expect(counts).toEqual({ dealers: generateDirectoryDealers().length, selling: 40, bare: 0 });
});
