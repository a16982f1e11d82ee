import { describe, expect, it } from "vitest";
import { limitMessage, planFeed, type PlannedCar, previousPriceAfter, REMOVED_MESSAGE, type StoredFeedAd } from "./feed-plan";

const columns = (priceZar: number, extra: Record<string, unknown> = {}) => ({ priceZar, modelId: 7, title: "2021 Toyota Hilux", equipment: ["Tow bar"], ...extra });
const car = (stockNumber: string, priceZar = 300_000, photoKeys: string[] | undefined = ["ads/a"], line = 2): PlannedCar => ({ line, stockNumber, columns: columns(priceZar), photoKeys });
const ad = (id: number, stockNumber: string, status: StoredFeedAd["status"] = "published", priceZar = 300_000): StoredFeedAd => ({
  id,
  stockNumber,
  status,
  columns: columns(priceZar),
  photoKeys: ["ads/a"],
});
const plan = (cars: PlannedCar[], stored: StoredFeedAd[], options: { adLimit?: number; markMissingSold?: boolean; listed?: string[] } = {}) =>
  planFeed({ cars, stored, adLimit: options.adLimit ?? 500, markMissingSold: options.markMissingSold ?? false, listed: new Set(options.listed ?? cars.map((c) => c.stockNumber)) });

describe("planFeed", () => {
  it("creates new stock numbers, updates changed ones and leaves equal ones alone (a second run changes nothing)", () => {
    const first = plan([car("A"), car("B")], []);
    expect(first.create.map((c) => c.stockNumber)).toEqual(["A", "B"]);
    const again = plan([car("A"), car("B", 280_000)], [ad(1, "A"), ad(2, "B")]);
    expect(again.create).toEqual([]);
    expect(again.unchanged.map((u) => u.ad.id)).toEqual([1]);
    expect(again.update).toEqual([expect.objectContaining({ price: { from: 300_000, to: 280_000 }, photosChanged: false, revived: false })]);
  });

  it("sees new photos, and keeps the photos when the row gives none", () => {
    expect(plan([car("A", 300_000, ["ads/b", "ads/a"])], [ad(1, "A")]).update[0]).toMatchObject({ photosChanged: true, price: undefined });
    expect(plan([car("A", 300_000, undefined)], [ad(1, "A")]).unchanged).toHaveLength(1);
  });

  it("marks live ads missing from the feed sold only when asked, never a row listed with errors", () => {
    const stored = [ad(1, "A"), ad(2, "B", "paused"), ad(3, "C"), ad(4, "D", "sold")];
    expect(plan([car("A")], stored).markSold).toEqual([]);
    const sold = plan([car("A")], stored, { markMissingSold: true, listed: ["A", "C"] });
    expect(sold.markSold.map((a) => a.stockNumber)).toEqual(["B"]);
  });

  it("never passes the dealer's limit of live ads, and says so for each row left out", () => {
    const result = plan([car("A"), car("B", 1, undefined, 3), car("C", 1, undefined, 4)], [ad(1, "X")], { adLimit: 2 });
    expect(result.create.map((c) => c.stockNumber)).toEqual(["A"]);
    expect(result.skipped).toEqual([
      { line: 3, stockNumber: "B", message: limitMessage(2) },
      { line: 4, stockNumber: "C", message: limitMessage(2) },
    ]);
    // Cars marked sold make room first.
    expect(plan([car("A")], [ad(1, "X")], { adLimit: 1, markMissingSold: true }).create).toHaveLength(1);
  });

  it("puts a sold car listed again back on sale within the limit, and leaves a removed ad alone", () => {
    const back = plan([car("A")], [ad(1, "A", "sold")]);
    expect(back.update[0]).toMatchObject({ revived: true });
    expect(plan([car("A")], [ad(1, "A", "sold"), ad(2, "B")], { adLimit: 1 }).skipped[0]!.message).toBe(limitMessage(1));
    expect(plan([car("A")], [ad(1, "A", "removed")]).skipped).toEqual([{ line: 2, stockNumber: "A", column: "stock_number", message: REMOVED_MESSAGE }]);
  });

  it("keeps the price before a reduction for 'Price reduced', and clears it on a rise", () => {
    expect(previousPriceAfter({ from: 300_000, to: 280_000 }, null)).toBe(300_000);
    expect(previousPriceAfter({ from: 280_000, to: 290_000 }, 300_000)).toBeNull();
    expect(previousPriceAfter(undefined, 300_000)).toBe(300_000);
  });
});
