import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "~/lib/db.server";
import { useTestDatabase } from "../../../tests/setup/database";

// Migration 0006: the used-ad tables and the keyword trigger, on PGlite and (in CI) PostgreSQL.
describe("used_ads schema", () => {
  const database = useTestDatabase();

  it("keeps the keyword vector from the title, variant and description", async () => {
    const { db } = database();
    await db.execute(sql`
      insert into used_ads (status, seller_kind, make_name, model_name, variant, title, slug, year, mileage_km,
        price_zar, fuel, transmission, body_type, drive, colour, service_history, province, city, description)
      values ('published', 'private', 'Volkswagen', 'Polo Vivo', '1.4 Trendline', '2019 Volkswagen Polo Vivo', 'x', 2019,
        86000, 159000, 'petrol', 'manual', 'hatchback', '2wd', 'white', 'full', 'gauteng', 'pretoria',
        'One owner, new Bridgestone tyres, Citroën-free household')`);
    const rows = resultRows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from used_ads
        where search_vector @@ to_tsquery('simple', 'bridgestone & trendline & citroen')`),
    );
    expect(rows[0]?.n).toBe(1);
  });
});
