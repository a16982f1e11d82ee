// What the browser journeys need that no visitor can create, written into the fresh e2e database
// before the server starts: accounts, used ads in known states (after the demo catalogue and
// marketplace), sellers with drafts, and the demo dealers the journeys visit. One process opens
// the database once for all of them.
// Usage: DATA_DIR=… node --import tsx tests/setup/e2e-fixtures.ts
import { migrateDatabase, openDatabase } from "../../app/lib/db.server";
import { writeAccountFixtures } from "./e2e-accounts";
import { writeDealerPostingFixtures } from "./e2e-dealer-posting";
import { writeDealerPeopleFixtures } from "./e2e-dealer-people";
import { writeDealerDashboardFixtures } from "./e2e-dealer-dashboard";
import { writeClaimFixtures } from "./e2e-claims";
import { writeDealerFixtures } from "./e2e-dealers";
import { writeMarketplaceFixtures } from "./e2e-marketplace";
import { writePriceDropFixtures } from "./e2e-price-drops";
import { writeRatingFixtures } from "./e2e-ratings";
import { writeSellingFixtures } from "./e2e-selling";
import { writeStockFeedFixtures } from "./e2e-stock-feed";
import { writeValuationFixtures } from "./e2e-valuation";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is not set");
const handle = await openDatabase({ dataDir });
try {
  await migrateDatabase(handle);
  await writeAccountFixtures(handle);
  await writeMarketplaceFixtures(handle);
  await writeSellingFixtures(handle);
  await writeValuationFixtures(handle);
  // After the marketplace's: the directory is seeded as the server would, and the marketplace's dealers keep their ids and ads.
  await writeDealerFixtures(handle, dataDir);
  await writeDealerPostingFixtures(handle, dataDir);
  await writeRatingFixtures(handle, dataDir);
  await writeDealerPeopleFixtures(handle, dataDir);
  await writeStockFeedFixtures(handle);
  await writeDealerDashboardFixtures(handle, dataDir);
  await writeClaimFixtures(handle, dataDir);
  await writePriceDropFixtures(handle);
} finally {
  await handle.close();
}
