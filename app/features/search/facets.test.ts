import { describe, expect, it } from "vitest";
import { activeChips, hasFilters, pageCount, resetUrl, stateForFacet } from "./facets";
import { emptySearch, parseSearchParams, type SearchState } from "./schemas";

const state = (query: string): SearchState => parseSearchParams(new URLSearchParams(query)).state;

describe("stateForFacet (the counting rule)", () => {
  const s = state("q=corolla&brand=toyota&fuel=diesel&fuel=petrol&body=suv&seats=5&power_min=100&price_max=500000&page=3&sort=newest");

  it("drops only the facet's own selection", () => {
    const fuel = stateForFacet(s, "fuel");
    expect(fuel.fuel).toEqual([]);
    expect(fuel.brand).toEqual(["toyota"]);
    expect(fuel.body).toEqual(["suv"]);
    expect(fuel.seats).toBe(5);
    expect(fuel.powerMin).toBe(100);
  });

  it("keeps price and text for every facet, and resets the page", () => {
    for (const facet of ["brand", "body", "fuel", "transmission", "drive", "seats", "power"] as const) {
      const f = stateForFacet(s, facet);
      expect(f.priceMax).toBe(500000);
      expect(f.q).toBe("corolla");
      expect(f.page).toBe(1);
    }
  });

  it("clears the thresholds for their own counts", () => {
    expect(stateForFacet(s, "seats").seats).toBeUndefined();
    expect(stateForFacet(s, "seats").powerMin).toBe(100);
    expect(stateForFacet(s, "power").powerMin).toBeUndefined();
    expect(stateForFacet(s, "power").seats).toBe(5);
  });

  it("does not change the search it was given", () => {
    stateForFacet(s, "brand");
    expect(s.brand).toEqual(["toyota"]);
  });
});

describe("activeChips", () => {
  it("gives one chip per value whose link removes only that value", () => {
    const s = state("brand=toyota&brand=ford&fuel=diesel&price_max=400000&page=2");
    const chips = activeChips(s, new Map([["toyota", "Toyota"], ["ford", "Ford"]]));
    expect(chips.map((c) => c.label)).toEqual(["Toyota", "Ford", "Diesel", "Up to 400.000 ZAR"]);
    expect(chips[0]!.removeUrl).toBe("/voitures-neuves/recherche?brand=ford&fuel=diesel&price_max=400000");
    expect(chips[3]!.removeUrl).toBe("/voitures-neuves/recherche?brand=toyota&brand=ford&fuel=diesel");
  });

  it("has no chip for sort or page, and reset keeps the sort", () => {
    const s = state("sort=newest&page=4");
    expect(activeChips(s, new Map())).toEqual([]);
    expect(hasFilters(s)).toBe(false);
    expect(resetUrl(state("fuel=diesel&sort=newest"))).toBe("/voitures-neuves/recherche?sort=newest");
    expect(hasFilters(state("seats=5"))).toBe(true);
    expect(hasFilters(emptySearch)).toBe(false);
  });
});

describe("pages", () => {
  it("counts pages of 24, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
  });
});
