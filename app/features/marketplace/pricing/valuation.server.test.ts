import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../../tests/setup/database";
import { clearAds, insertAds } from "../../../../tests/setup/ad-fixtures";
import { usedAdPrices } from "../../../../db/schema";
import { resetSearchIndex } from "../search/search-index.server";
import { comparableAskedPrices, comparablePrices } from "./comparables.server";
import { liveAdWorths, valuationChoices, valueCar } from "./valuation.server";

// The valuation on the database (PGlite here, PostgreSQL in CI): the comparables by the price
// rating's rules, the monthly asked prices from the ads' price history, the page's choices and
// My ads' worth of a live ad.
describe("car valuation", () => {
  const database = useTestDatabase();
  const now = new Date("2026-11-20T12:00:00Z");
  const ids: Record<string, number> = {};
  const corolla = { makeName: "Toyota", modelName: "Corolla", bodyType: "sedan" as const };

  beforeAll(async () => {
    const { db } = database();
    await clearAds(db);
    resetSearchIndex();
    // Six live 2019-2021 Corollas with 45 000-75 000 km, all published in October 2026.
    const live = await insertAds(
      db,
      [
        [2019, 70_000, 195_000],
        [2020, 55_000, 200_000],
        [2020, 65_000, 200_000],
        [2021, 50_000, 205_000],
        [2021, 45_000, 210_000],
        [2020, 75_000, 190_000],
      ].map(([year, km, price], i) => ({ ...corolla, year, mileageKm: km, priceZar: price, publishedAt: new Date(Date.UTC(2026, 9, 1 + i, 8)) })),
    );
    // Not comparable: too old, too many km, another model, removed by a moderator.
    await insertAds(db, [
      { ...corolla, year: 2017, mileageKm: 60_000, priceZar: 100_000 },
      { ...corolla, year: 2020, mileageKm: 200_000, priceZar: 100_000 },
      { ...corolla, modelName: "Corolla Cross", year: 2020, mileageKm: 60_000, priceZar: 100_000 },
      { ...corolla, status: "removed", year: 2020, mileageKm: 60_000, priceZar: 100_000 },
    ]);
    // Sold on 10 October after asking R 180 000 from August: it counts in August to October.
    const [sold] = await insertAds(db, [
      { ...corolla, status: "sold", year: 2020, mileageKm: 60_000, priceZar: 180_000, publishedAt: new Date("2026-08-15T08:00:00Z"), soldAt: new Date("2026-10-10T08:00:00Z") },
    ]);
    ids.sold = sold!;
    ids.first = live[0]!;
    ids.middle = live[2]!;
    // The first live ad was lowered from R 199 000 to R 195 000 on 20 October.
    await db.insert(usedAdPrices).values([
      { adId: live[0]!, priceZar: 199_000, changedAt: new Date("2026-10-01T08:00:00Z") },
      { adId: live[0]!, priceZar: 195_000, changedAt: new Date("2026-10-20T08:00:00Z") },
    ]);
    // A rare car: two ads.
    await insertAds(db, [
      { makeName: "Lotus", modelName: "Emira", year: 2023, mileageKm: 10_000, priceZar: 1_900_000, bodyType: "coupe" },
      { makeName: "Lotus", modelName: "Emira", year: 2023, mileageKm: 12_000, priceZar: 1_950_000, bodyType: "coupe" },
    ]);
  });

  const car = { modelId: null, makeName: "Toyota", modelName: "Corolla", year: 2020, mileageKm: 60_000 };

  it("reads the live comparables by the price rating's rules", async () => {
    const prices = await comparablePrices(database().db, car);
    expect(prices.sort()).toEqual([190_000, 195_000, 200_000, 200_000, 205_000, 210_000]);
    expect(await comparablePrices(database().db, car, ids.first)).toHaveLength(5);
  });

  it("gives each month the prices the comparables asked in it, sold ads included", async () => {
    const asked = await comparableAskedPrices(database().db, car, ["2026-08", "2026-09", "2026-10", "2026-11"]);
    const of = (month: string) => asked.filter((a) => a.month === month).map((a) => a.price).sort();
    // August and September: only the sold ad. October: the sold ad (it left on the 10th) and the
    // six live ones, the first at R 195 000 (lowered on the 20th). November: the six live ones.
    expect(of("2026-08")).toEqual([180_000]);
    expect(of("2026-09")).toEqual([180_000]);
    expect(of("2026-10")).toEqual([180_000, 190_000, 195_000, 200_000, 200_000, 205_000, 210_000]);
    expect(of("2026-11")).toEqual([190_000, 195_000, 200_000, 200_000, 205_000, 210_000]);
  });

  it("values a car from its comparables, with the medians of the last twelve months", async () => {
    const answer = await valueCar({ make: "toyota", model: "corolla", year: 2020, km: 60_000, variant: "", province: "" }, now);
    if (!answer.ok) throw new Error("expected a valuation");
    // By hand: median of 190, 195, 200, 200, 205, 210 (thousand) = 200 000; 0.92 × 200 000 =
    // 184 000 and 1.05 × 200 000 = 210 000.
    expect(answer.answer.valuation).toMatchObject({ kind: "valued", comparables: 6, median: 200_000, low: 184_000, high: 210_000, cheapest: 190_000, dearest: 210_000 });
    expect(answer.answer.car).toMatchObject({ makeName: "Toyota", modelName: "Corolla" });
    expect(answer.answer.compared).toEqual({ yearFrom: 2019, yearTo: 2021, kmFrom: 30_000, kmTo: 90_000 });
    const months = answer.answer.months;
    expect(months.map((m) => m.month)).toHaveLength(12);
    expect(months.at(-1)).toEqual({ month: "2026-11", ads: 6, median: 200_000 });
    // October: seven prices, median 200 000; September: one, no median.
    expect(months.at(-2)).toEqual({ month: "2026-10", ads: 7, median: 200_000 });
    expect(months.at(-3)).toEqual({ month: "2026-09", ads: 1, median: null });
  });

  it("says there are not enough ads for a rare car, and refuses a car it has never listed", async () => {
    const rare = await valueCar({ make: "lotus", model: "emira", year: 2023, km: 11_000, variant: "", province: "" }, now);
    expect(rare.ok && rare.answer.valuation).toEqual({ kind: "few", comparables: 2 });
    expect(await valueCar({ make: "toyota", model: "supra", year: 2020, km: 1_000, variant: "", province: "" }, now)).toEqual({ ok: false, errors: { model: "Choose a model from the list" } });
    expect((await valueCar({ make: "nope", model: "x", year: 2020, km: 1_000, variant: "", province: "" }, now)).ok).toBe(false);
  });

  it("offers the makes and a make's models with live ads", async () => {
    const choices = await valuationChoices("toyota");
    expect(choices.makes.map((m) => m.value)).toEqual(["lotus", "toyota"]);
    expect(choices.models.map((m) => [m.value, m.count])).toEqual([
      ["corolla", 8],
      ["corolla-cross", 1],
    ]);
  });

  it("gives a live ad its worth without counting itself, and nothing under five comparables", async () => {
    // The 2020 one with 65 000 km, without itself: 190, 195, 200, 205, 210 → median 200 000,
    // range 184 000-210 000. The 2019 one with 70 000 km has three (no 2021 car): nothing.
    const worths = await liveAdWorths([ids.middle!, ids.first!, ids.sold!]);
    expect(worths[ids.middle!]).toEqual({ low: 184_000, high: 210_000, median: 200_000, comparables: 5, url: "/estimer-ma-voiture?make=toyota&model=corolla&year=2020&km=65000" });
    expect(worths[ids.first!]).toBeUndefined();
    expect(worths[ids.sold!]).toBeUndefined();
  });
});
