import { describe, expect, it } from "vitest";
import { parseUsedSearch } from "./search-parse";
import { usedSearchWith } from "./search-params";
import { defaultSavedSearchName, describeUsedSearch, newAdsLabel, SAVED_SEARCH_NAME_MAX, savedQueryOf } from "./saved-search-rules";

const parsed = (query: string) => parseUsedSearch(new URLSearchParams(query)).search;

describe("describeUsedSearch", () => {
  it("says the car, the price and the place in words", () => {
    const search = usedSearchWith({ vehicles: [{ make: "volkswagen", model: "polo-vivo" }], priceMax: 200_000, province: ["gauteng"] });
    expect(describeUsedSearch(search)).toBe("Volkswagen Polo Vivo, up to R 200 000, Gauteng");
  });

  it("uses the index's display names when it has them", () => {
    const search = usedSearchWith({ vehicles: [{ make: "mercedes-benz", model: "c-class" }, { make: "bmw" }] });
    const names = { makes: { "mercedes-benz": "Mercedes-Benz", bmw: "BMW" }, models: { "mercedes-benz/c-class": "C-Class" } };
    expect(describeUsedSearch(search, names)).toBe("Mercedes-Benz C-Class or BMW");
  });

  it("names every kind of filter", () => {
    const search = parsed(
      "q=sunroof&price_min=100000&price_max=250000&year_min=2015&year_max=2020&km_max=100000&body=suv&body=bakkie&fuel=diesel&transmission=automatic&city=durban&seller=dealer&photos=1",
    );
    expect(describeUsedSearch(search)).toBe(
      "“sunroof”, R 100 000 to R 250 000, 2015 to 2020, up to 100 000 km, SUV or Bakkie, Diesel, Automatic, Durban, dealers, with photos",
    );
  });

  it("says one-sided ranges the way people do", () => {
    expect(describeUsedSearch(usedSearchWith({ priceMin: 50_000 }))).toBe("From R 50 000");
    expect(describeUsedSearch(usedSearchWith({ yearMin: 2018 }))).toBe("2018 or newer");
    expect(describeUsedSearch(usedSearchWith({ yearMax: 2010, seller: "private" }))).toBe("2010 or older, private sellers");
  });

  it("calls a search without filters all used cars", () => {
    expect(describeUsedSearch(usedSearchWith({ sort: "price-asc", page: 3 }))).toBe("All used cars");
  });
});

describe("savedQueryOf", () => {
  it("is the canonical query without the page and the sort, so the same filters are one saved search", () => {
    const a = parsed("province=gauteng&make1=volkswagen&price_max=200000&page=2&sort=price-asc");
    const b = parsed("make1=volkswagen&province=gauteng&price_max=R200 000");
    expect(savedQueryOf(a)).toBe("make1=volkswagen&price_max=200000&province=gauteng");
    expect(savedQueryOf(b)).toBe(savedQueryOf(a));
    expect(savedQueryOf(usedSearchWith({}))).toBe("");
  });
});

describe("names and counts", () => {
  it("shortens a long default name to the limit", () => {
    const long = "Volkswagen Polo Vivo or Toyota Corolla Cross or Ford Ranger, up to R 400 000, Gauteng, KwaZulu-Natal or Western Cape";
    const name = defaultSavedSearchName(long);
    expect(name.length).toBeLessThanOrEqual(SAVED_SEARCH_NAME_MAX);
    expect(name.endsWith("…")).toBe(true);
    expect(defaultSavedSearchName("Gauteng")).toBe("Gauteng");
  });

  it("counts new ads in words", () => {
    expect(newAdsLabel(0)).toBe("0 new ads");
    expect(newAdsLabel(1)).toBe("1 new ad");
    expect(newAdsLabel(100)).toBe("100+ new ads");
  });
});
