// The dashboard bench's member: makes the account with this e-mail owner of the demo dealer with
// the most ads, in the stopped bench server's database, and prints the dealer's id.
// Usage: node --import tsx bench/dashboard-member.ts DATA_DIR EMAIL
import { sql } from "drizzle-orm";
import { openDatabase, resultRows } from "../app/lib/db.server";

const [dataDir, email] = process.argv.slice(2);
if (!dataDir || !email) throw new Error("usage: dashboard-member.ts DATA_DIR EMAIL");
const handle = await openDatabase({ dataDir });
try {
  const [dealer] = resultRows<{ id: number }>(
    await handle.db.execute(sql`select dealer_id as id from used_ads where dealer_id is not null group by dealer_id order by count(*) desc, dealer_id limit 1`),
  );
  if (!dealer) throw new Error("no dealer has ads");
  await handle.db.execute(sql`insert into dealer_members (dealer_id, user_id, role) select ${dealer.id}, id, 'owner' from users where email = ${email}`);
  process.stdout.write(`${dealer.id}\n`);
} finally {
  await handle.close();
}
