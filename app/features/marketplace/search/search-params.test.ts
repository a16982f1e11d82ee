import { describe, expect, it } from "vitest";
import { emptyUsedSearch, USED_LIMITS, usedSearchUrl } from "./search-params";
import { parseUsedSearch } from "./search-parse";

const parse = (query: string) => parseUsedSearch(new URLSearchParams(query));

describe("parseUsedSearch", () => {
  it("gives the default search for no parameters", () => {
    expect(parse("")).toEqual({ search: emptyUsedSearch(), notices: [] });
  });

  it("reads every parameter of a valid search", () => {
    const { search, notices } = parse(
      "make1=volkswagen&model1=polo-vivo&make2=toyota&q=service+book&price_min=R50 000&price_max=250000&year_min=2015&year_max=2020&km_max=120 000 km" +
        "&fuel=petrol&fuel=diesel&transmission=manual&body=hatchback&drive=2wd&colour=white&province=gauteng&city=pretoria&seller=private&photos=1&sort=km-asc&page=2",
    );
    expect(notices).toEqual([]);
    expect(search).toEqual({
      q: "service book",
      vehicles: [{ make: "volkswagen", model: "polo-vivo" }, { make: "toyota" }],
      priceMin: 50_000,
      priceMax: 250_000,
      yearMin: 2015,
      yearMax: 2020,
      kmMax: 120_000,
      fuel: ["petrol", "diesel"],
      transmission: ["manual"],
      body: ["hatchback"],
      drive: ["2wd"],
      colour: ["white"],
      province: ["gauteng"],
      city: ["pretoria"],
      seller: "private",
      photos: true,
      sort: "km-asc",
      page: 2,
    });
  });

  it("drops each bad value with a notice and keeps the rest", () => {
    const { search, notices } = parse("make1=<script>&model2=polo&price_max=cheap&fuel=steam&fuel=diesel&province=atlantis&seller=bank&sort=best&page=0&photos=maybe");
    expect(search).toEqual({ ...emptyUsedSearch(), fuel: ["diesel"] });
    expect(notices).toHaveLength(9);
    expect(notices.join(" ")).toMatch(/Make “<script>” is not a make we know/);
    expect(notices.join(" ")).toMatch(/Maximum price “cheap” is not a number/);
    expect(notices.join(" ")).toMatch(/Fuel “steam” is not a valid choice/);
  });

  it("swaps a minimum above its maximum and clamps huge numbers", () => {
    const { search, notices } = parse("price_min=300000&price_max=100000&year_min=2020&year_max=2010&km_max=99999999999");
    expect(search.priceMin).toBe(100_000);
    expect(search.priceMax).toBe(300_000);
    expect(search.yearMin).toBe(2010);
    expect(search.yearMax).toBe(2020);
    expect(search.kmMax).toBe(USED_LIMITS.kmMax);
    expect(notices).toHaveLength(3);
  });

  it("keeps three makes or models at most, without duplicates", () => {
    const { search, notices } = parse("make1=bmw&make2=audi&make3=bmw&make=kia");
    expect(search.vehicles).toEqual([{ make: "kia" }, { make: "bmw" }, { make: "audi" }]);
    expect(notices).toEqual([]);
    expect(parse("make1=a&make2=b&make3=c&make=d").notices).toHaveLength(1);
  });

  it("shortens a long keyword", () => {
    const { search, notices } = parse(`q=${"a".repeat(200)}`);
    expect(search.q).toHaveLength(USED_LIMITS.qMax);
    expect(notices).toHaveLength(1);
  });
});

describe("usedSearchUrl", () => {
  it("writes the canonical order, empty values and defaults left out", () => {
    const { search } = parse("page=3&sort=newest&photos=1&province=gauteng&fuel=diesel&km_max=&price_max=200000&q=&model1=hilux&make1=toyota");
    expect(usedSearchUrl(search)).toBe("/marche-doccasion/rechercher?make1=toyota&model1=hilux&price_max=200000&fuel=diesel&province=gauteng&photos=1&page=3");
  });

  it("round-trips", () => {
    const url = "/marche-doccasion/rechercher?make1=ford&make2=isuzu&model2=d-max&q=canopy&year_min=2018&body=bakkie&drive=4x4&seller=dealer&sort=price-asc";
    expect(usedSearchUrl(parseUsedSearch(new URL(url, "http://x").searchParams).search)).toBe(url);
    expect(usedSearchUrl(emptyUsedSearch())).toBe("/marche-doccasion/rechercher");
  });
});
