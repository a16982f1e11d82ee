import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../../app/lib/db.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { seedMarketplace } from "../marketplace";
import { generateDirectoryDealers, isEmptyDealerDirectory, seedDealerDirectory } from ".";

const getDb = useTestDatabase({ seed: true });

const rows = async <T>(query: ReturnType<typeof sql>) => resultRows<T>(await getDb().db.execute(query));

describe("generateDirectoryDealers", () => {
  const dealers = generateDirectoryDealers();

  it("writes at least 150 dealers with unique slugs and names, every field filled", () => {
    expect(dealers.length).toBeGreaterThanOrEqual(150);
    expect(new Set(dealers.map((d) => d.slug)).size).toBe(dealers.length);
    expect(new Set(dealers.map((d) => d.name)).size).toBe(dealers.length);
    for (const d of dealers) {
      expect(d.streetAddress).toMatch(/^\d+ \S/);
      expect(d.postalCode).toMatch(/^\d{4}$/);
      expect(d.phone).toMatch(/^\+27 10 555 \d{4}$/);
      expect(d.email).toMatch(/@[a-z0-9-]+\.example\.com$/);
      expect(d.services.length).toBeGreaterThan(0);
      expect(d.sellsNew || d.sellsUsed).toBe(true);
      expect(d.kind === "franchise" ? d.brandSlugs.length : 1).toBeGreaterThan(0);
    }
  });

  it("covers every province with at least five dealers, Cape Town with three, and a Toyota showroom in Gauteng", () => {
    const byProvince = new Map<string, number>();
    for (const d of dealers) byProvince.set(d.province, (byProvince.get(d.province) ?? 0) + 1);
    expect(byProvince.size).toBe(9);
    for (const count of byProvince.values()) expect(count).toBeGreaterThanOrEqual(5);
    expect(dealers.filter((d) => d.city === "cape-town").length).toBeGreaterThanOrEqual(3);
    expect(dealers.some((d) => d.brandSlugs.includes("toyota") && d.province === "gauteng" && d.sellsNew && d.sellsUsed)).toBe(true);
  });
});

describe("seedDealerDirectory", () => {
  it("gives a marketplace seeded before it the directory, keeping each dealer's id and ads", async () => {
    const db = getDb().db;
    await seedMarketplace(db, { photos: false });
    const before = await rows<{ id: number; slug: string; ads: number }>(
      sql`select d.id, d.slug, count(a.id)::int as ads from dealers d left join used_ads a on a.dealer_id = d.id group by d.id order by d.id`,
    );
    expect(await isEmptyDealerDirectory(db)).toBe(true);

    const result = await seedDealerDirectory(db);
    expect(await isEmptyDealerDirectory(db)).toBe(false);
    const expected = generateDirectoryDealers();
    expect(result.dealers).toBe(expected.length);
    expect(result.brandLinks).toBe(expected.reduce((n, d) => n + d.brandSlugs.length, 0));

    const after = await rows<{ id: number; slug: string; ads: number; on_marketplace: boolean; street_address: string }>(
      sql`select d.id, d.slug, d.on_marketplace, d.street_address, count(a.id)::int as ads from dealers d left join used_ads a on a.dealer_id = d.id group by d.id order by d.id`,
    );
    expect(after.length).toBe(expected.length);
    for (const dealer of before) expect(after.find((d) => d.id === dealer.id)).toMatchObject({ slug: dealer.slug, ads: dealer.ads, on_marketplace: true });
    expect(after.every((d) => d.street_address !== "")).toBe(true);
    // Only marketplace dealers have ads.
    expect(after.filter((d) => d.ads > 0).every((d) => d.on_marketplace)).toBe(true);

    // Idempotent: a second run changes nothing but the timestamps.
    await seedDealerDirectory(db);
    const again = await rows<{ n: number; links: number }>(sql`select (select count(*)::int from dealers) as n, (select count(*)::int from dealer_brands) as links`);
    expect(again[0]).toEqual({ n: expected.length, links: result.brandLinks });
  });
});
