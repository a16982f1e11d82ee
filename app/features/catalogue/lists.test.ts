import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { models, promotions, versions } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { db } from "~/lib/db.server";
import { bodyTypeCounts, electricModels, modelsForBody, premiumModels } from "./lists.server";
import { brandSummaries, currentPromotions, newArrivals } from "./model-cards.server";

useTestDatabase({ seed: true });

async function today(): Promise<string> {
  const [row] = await db().select({ d: sql<string>`current_date::text` }).from(sql`(select 1) as one`);
  return row!.d;
}

describe("list queries", () => {
  it("promotions: only those running today, all of them, biggest saving first", async () => {
    const day = await today();
    const all = await db()
      .select({ id: promotions.id, startsOn: promotions.startsOn, endsOn: promotions.endsOn })
      .from(promotions)
      .innerJoin(versions, eq(versions.id, promotions.versionId))
      .where(eq(versions.onSale, true));
    const active = all.filter((p) => p.startsOn <= day && p.endsOn >= day);
    expect(all.length).toBeGreaterThan(active.length); // the seed has expired ones too
    const list = await currentPromotions(500);
    expect(list.map((p) => p.id).sort()).toEqual(active.map((p) => p.id).sort());
    const savings = list.map((p) => p.oldPriceZar - p.newPriceZar);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
    expect(list.every((p) => p.endsOn >= day && p.newPriceZar < p.oldPriceZar)).toBe(true);
  });

  it("new arrivals: launched within 12 months, newest first", async () => {
    const day = await today();
    const [{ since }] = (await db()
      .select({ since: sql<string>`(current_date - interval '12 months')::date::text` })
      .from(sql`(select 1) as one`)) as [{ since: string }];
    const list = await newArrivals(500);
    const expected = await db().select({ id: models.id }).from(models).where(sql`${models.launchDate} >= ${since}`);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBe(expected.length);
    expect(list.every((m) => m.launchDate >= since && m.launchDate <= day)).toBe(true);
    const dates = list.map((m) => m.launchDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("premium: every premium model and nothing else", async () => {
    const list = await premiumModels();
    const expected = await db().select({ id: models.id }).from(models).where(eq(models.isPremium, true));
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((m) => m.id).sort()).toEqual(expected.map((m) => m.id).sort());
  });

  it("electric: models with electric or plug-in versions, with range and battery across those versions", async () => {
    const list = await electricModels();
    const electrified = await db()
      .select({ modelId: versions.modelId, fuel: versions.fuel, range: versions.rangeKm, battery: versions.batteryKwh, price: versions.priceZar })
      .from(versions)
      .where(sql`${versions.onSale} and ${versions.fuel} in ('electric', 'plug-in-hybrid')`);
    expect(new Set(list.map((m) => m.id))).toEqual(new Set(electrified.map((v) => v.modelId)));
    for (const model of list) {
      const own = electrified.filter((v) => v.modelId === model.id);
      expect(model.minRangeKm).toBe(Math.min(...own.map((v) => v.range!)));
      expect(model.maxRangeKm).toBe(Math.max(...own.map((v) => v.range!)));
      expect(model.minBatteryKwh).toBe(Math.min(...own.map((v) => v.battery!)));
      expect(model.maxBatteryKwh).toBe(Math.max(...own.map((v) => v.battery!)));
      expect(model.minPrice).toBe(Math.min(...own.map((v) => v.price)));
      expect(model.fullyElectric).toBe(own.some((v) => v.fuel === "electric"));
    }
    // Fully electric first, then by longest range.
    const firstHybrid = list.findIndex((m) => !m.fullyElectric);
    expect(firstHybrid).toBeGreaterThan(0);
    expect(list.slice(firstHybrid).every((m) => !m.fullyElectric)).toBe(true);
    const ranges = list.slice(0, firstHybrid).map((m) => m.maxRangeKm!);
    expect(ranges).toEqual([...ranges].sort((a, b) => b - a));
  });

  it("body type: brands and models that have it", async () => {
    const counts = await bodyTypeCounts();
    const suv = counts.find((c) => c.bodyType === "suv")!;
    const suvModels = await modelsForBody("suv");
    expect(suvModels).toHaveLength(suv.models);
    expect(suvModels.every((m) => m.bodyType === "suv")).toBe(true);
    const suvBrands = await brandSummaries("suv");
    expect(suvBrands.map((b) => b.id).sort()).toEqual([...new Set(suvModels.map((m) => m.brandId))].sort());
    for (const brand of suvBrands) {
      const own = suvModels.filter((m) => m.brandId === brand.id);
      expect(brand.modelCount).toBe(own.length);
      expect(brand.minPrice).toBe(Math.min(...own.map((m) => m.minPrice)));
    }
  });
});
