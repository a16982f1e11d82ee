import { describe, expect, it } from "vitest";
import { type IndexedAd, UsedAdIndex } from "./search-engine";
import { emptyUsedSearch } from "./search-params";

// The index's look-up of an ad page's similar cars (the search pass itself is tested through the
// search page's data, used-search.server.test.ts).

let nextId = 1;
function ad(fields: Partial<IndexedAd>): IndexedAd {
  return {
    id: nextId++,
    makeName: "Suzuki",
    modelName: "Swift",
    year: 2021,
    mileageKm: 60_000,
    priceZar: 200_000,
    fuel: "petrol",
    transmission: "manual",
    bodyType: "hatchback",
    drive: "fwd",
    colour: "white",
    province: "gauteng",
    city: "johannesburg",
    sellerKind: "private",
    photoCount: 4,
    priceRating: 0,
    publishedAt: Date.UTC(2026, 10, 1),
    priceDroppedAt: 0,
    ...fields,
  };
}

function indexOf(...ads: IndexedAd[]): UsedAdIndex {
  const index = new UsedAdIndex();
  for (const each of ads) index.upsert(each);
  return index;
}

describe("ads nearest in price", () => {
  it("keeps one make and model, nearest first, the lower id first at the same distance, the ad itself left out", () => {
    const base = ad({ priceZar: 200_000 });
    const above = ad({ priceZar: 210_000 });
    const below = ad({ priceZar: 190_000 });
    const near = ad({ priceZar: 201_000 });
    const other = ad({ modelName: "Baleno", priceZar: 200_000 });
    const index = indexOf(base, above, below, near, other);
    expect(index.nearestInPrice({ makeName: "Suzuki", modelName: "Swift" }, 200_000, base.id, 8)).toEqual([near.id, above.id, below.id]);
    // Names match as a search's filter does (case and accents aside).
    expect(index.nearestInPrice({ makeName: "SUZUKI", modelName: "swift" }, 200_000, base.id, 2)).toEqual([near.id, above.id]);
    expect(index.nearestInPrice({ makeName: "Suzuki", modelName: "Jimny" }, 200_000, base.id, 8)).toEqual([]);
  });

  it("keeps the best of many within the limit, whatever order the rows came in", () => {
    const ads = [500, 100, 900, 300, 700, 200, 800, 400, 600].map((k) => ad({ makeName: "Kia", modelName: "Picanto", priceZar: 150_000 + k }));
    const index = indexOf(...ads);
    const found = index.nearestInPrice({ makeName: "Kia", modelName: "Picanto" }, 150_000, 0, 4);
    expect(found.map((id) => ads.find((a) => a.id === id)!.priceZar)).toEqual([150_100, 150_200, 150_300, 150_400]);
  });

  it("finds one body type within a budget, both ends included, and forgets removed ads", () => {
    const low = ad({ makeName: "Kia", modelName: "Picanto", priceZar: 140_000 });
    const high = ad({ makeName: "VW", modelName: "Polo", priceZar: 260_000 });
    const outside = ad({ makeName: "VW", modelName: "Polo", priceZar: 260_001 });
    const suv = ad({ makeName: "Kia", modelName: "Sonet", bodyType: "suv", priceZar: 200_000 });
    const sold = ad({ makeName: "Kia", modelName: "Rio", priceZar: 200_000 });
    const index = indexOf(low, high, outside, suv, sold);
    index.remove(sold.id);
    expect(index.nearestInPrice({ bodyType: "hatchback", priceMin: 140_000, priceMax: 260_000 }, 200_000, 0, 8)).toEqual([low.id, high.id]);
    expect(index.nearestInPrice({ bodyType: "convertible", priceMin: 0, priceMax: 1e9 }, 200_000, 0, 8)).toEqual([]);
  });
});

describe("the price-drop sort", () => {
  it("puts the most recent drop first, then the ads never reduced, newest first", () => {
    const day = (d: number) => Date.UTC(2026, 10, d, 10);
    const oldDrop = ad({ publishedAt: day(1), priceDroppedAt: day(5) });
    const newDrop = ad({ publishedAt: day(2), priceDroppedAt: day(20) });
    const newest = ad({ publishedAt: day(25) });
    const older = ad({ publishedAt: day(10) });
    const index = indexOf(oldDrop, older, newDrop, newest);
    const { ids, total } = index.query({ ...emptyUsedSearch(), sort: "price-drop" }, { offset: 0, limit: 24 });
    // The sort hides nothing: the four ads, the dropped ones first.
    expect(total).toBe(4);
    expect(ids).toEqual([newDrop.id, oldDrop.id, newest.id, older.id]);
  });

  it("forgets a drop once the ad is upserted without one (its price went up again)", () => {
    const dropped = ad({ publishedAt: Date.UTC(2026, 10, 1), priceDroppedAt: Date.UTC(2026, 10, 3) });
    const fresh = ad({ publishedAt: Date.UTC(2026, 10, 4) });
    const index = indexOf(dropped, fresh);
    index.upsert({ ...dropped, priceDroppedAt: 0 });
    expect(index.query({ ...emptyUsedSearch(), sort: "price-drop" }, { offset: 0, limit: 24 }).ids).toEqual([fresh.id, dropped.id]);
  });
});
