import { describe, expect, it } from "vitest";
import { coveredBrands, type DealerCandidate, matchDealers, sellsWhatIsWanted } from "./lead-matching";

const dealer = (id: number, overrides: Partial<DealerCandidate> = {}): DealerCandidate => ({
  id,
  name: `Dealer ${id}`,
  city: "Pretoria",
  province: "gauteng",
  email: `d${id}@example.co.za`,
  sellsNew: true,
  sellsUsed: true,
  onMarketplace: false,
  franchiseBrandIds: [1],
  stockBrandIds: [],
  recentLeads: 0,
  ...overrides,
});

describe("dealer matching", () => {
  it("sells new, used or either as asked", () => {
    const newOnly = { sellsNew: true, sellsUsed: false };
    const usedOnly = { sellsNew: false, sellsUsed: true };
    expect([sellsWhatIsWanted(newOnly, "new"), sellsWhatIsWanted(newOnly, "used"), sellsWhatIsWanted(newOnly, "either")]).toEqual([true, false, true]);
    expect([sellsWhatIsWanted(usedOnly, "new"), sellsWhatIsWanted(usedOnly, "used"), sellsWhatIsWanted(usedOnly, "either")]).toEqual([false, true, true]);
  });

  it("counts used stock only for shoppers open to used cars", () => {
    const independent = dealer(1, { sellsNew: false, franchiseBrandIds: [], stockBrandIds: [2] });
    expect(coveredBrands(independent, { province: "gauteng", carCondition: "used", brandIds: [2, 3] })).toEqual([2]);
    expect(coveredBrands(independent, { province: "gauteng", carCondition: "new", brandIds: [2] })).toEqual([]);
  });

  it("keeps the province's dealers with an e-mail and a wanted brand, at most three", () => {
    const candidates = [
      dealer(1),
      dealer(2, { province: "limpopo" }),
      dealer(3, { email: null }),
      dealer(4, { email: "  " }),
      dealer(5, { franchiseBrandIds: [9] }),
      dealer(6, { sellsNew: false }),
      dealer(7),
      dealer(8),
      dealer(9),
    ];
    expect(matchDealers(candidates, { province: "gauteng", carCondition: "new", brandIds: [1] }).map((d) => d.id)).toEqual([1, 7, 8]);
    expect(matchDealers(candidates, { province: "free-state", carCondition: "new", brandIds: [1] })).toEqual([]);
  });

  it("orders by brands covered, then the marketplace, then fewer recent leads, then id", () => {
    const candidates = [
      dealer(1, { recentLeads: 5 }),
      dealer(2, { recentLeads: 1 }),
      dealer(3, { onMarketplace: true, recentLeads: 9 }),
      dealer(4, { franchiseBrandIds: [1, 2], recentLeads: 20 }),
      dealer(5, { recentLeads: 1 }),
    ];
    const ids = matchDealers(candidates, { province: "gauteng", carCondition: "either", brandIds: [1, 2] }).map((d) => d.id);
    expect(ids).toEqual([4, 3, 2]);
    const all = matchDealers(candidates, { province: "gauteng", carCondition: "either", brandIds: [1, 2] }, 5);
    expect(all.map((d) => d.id)).toEqual([4, 3, 2, 5, 1]);
    expect(all[0]!.covered).toEqual([1, 2]);
  });

  it("gives a trade-in to any dealer of the province selling used cars, its make's dealers first", () => {
    const candidates = [
      dealer(1, { franchiseBrandIds: [], recentLeads: 0 }),
      dealer(2, { franchiseBrandIds: [7] }),
      dealer(3, { sellsUsed: false, franchiseBrandIds: [7] }),
      dealer(4, { franchiseBrandIds: [], stockBrandIds: [7], sellsNew: false, onMarketplace: true }),
      dealer(5, { franchiseBrandIds: [], recentLeads: 3 }),
    ];
    const tradeIn = { province: "gauteng", carCondition: "used" as const, brandIds: [7], anyBrand: true };
    // 2 and 4 cover the make (4 by its used stock); 3 sells no used cars; then 1 (fewer recent leads than 5).
    expect(matchDealers(candidates, tradeIn).map((d) => d.id)).toEqual([4, 2, 1]);
    // A car the catalogue does not hold: every used-car dealer is equal.
    expect(matchDealers(candidates, { ...tradeIn, brandIds: [] }).map((d) => d.id)).toEqual([4, 1, 2]);
    // Without anyBrand, the same request keeps only the make's dealers.
    expect(matchDealers(candidates, { ...tradeIn, anyBrand: false }).map((d) => d.id)).toEqual([4, 2]);
  });
});
