import { describe, expect, it } from "vitest";
import { emptySearch, parseSearchParams, SEARCH_LIMITS, searchUrl, toSearchParams } from "./schemas";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parseSearchParams", () => {
  it("gives the default search for no parameters", () => {
    expect(parse("")).toEqual({ state: emptySearch, notices: [] });
  });

  it("reads every parameter of a valid search", () => {
    const { state, notices } = parse(
      "q=Polo&brand=volkswagen&brand=toyota&body=suv&fuel=diesel&transmission=automatic&drive=4x4&price_min=250000&price_max=600000&seats=7&power_min=100&sort=price-desc&page=3",
    );
    expect(notices).toEqual([]);
    expect(state).toEqual({
      q: "Polo",
      brand: ["volkswagen", "toyota"],
      body: ["suv"],
      fuel: ["diesel"],
      transmission: ["automatic"],
      drive: ["4x4"],
      priceMin: 250000,
      priceMax: 600000,
      seats: 7,
      powerMin: 100,
      sort: "price-desc",
      page: 3,
    });
  });

  it("accepts arrays repeated or comma-separated, any case, without duplicates", () => {
    const { state } = parse("fuel=Diesel,petrol&fuel=diesel&body=SUV");
    expect(state.fuel).toEqual(["diesel", "petrol"]);
    expect(state.body).toEqual(["suv"]);
  });

  it("ignores empty fields as a plain form submits them", () => {
    expect(parse("q=&price_min=&price_max=&seats=&power_min=&sort=popular")).toEqual({ state: emptySearch, notices: [] });
  });

  it("reads prices written the South African way", () => {
    expect(parse("price_max=R 450 000").state.priceMax).toBe(450000);
    expect(parse("price_max=450.000").state.priceMax).toBe(450000);
    expect(parse("price_max=450,000").state.priceMax).toBe(450000);
  });

  it("drops invalid values with a notice, keeping the valid ones", () => {
    const { state, notices } = parse("price_min=abc&fuel=diesel&fuel=steam&body=spaceship&sort=cheapest&drive=6x6");
    expect(state.priceMin).toBeUndefined();
    expect(state.fuel).toEqual(["diesel"]);
    expect(state.body).toEqual([]);
    expect(state.sort).toBe("popular");
    expect(notices).toHaveLength(5);
    expect(notices.join(" ")).toContain("“abc” is not a number");
    expect(notices.join(" ")).toContain("Fuel “steam” is not a valid choice");
  });

  it("refuses brand values that cannot be slugs", () => {
    const { state, notices } = parse("brand=toyota&brand=<script>");
    expect(state.brand).toEqual(["toyota"]);
    expect(notices).toHaveLength(1);
  });

  it("clamps out-of-range numbers and says so", () => {
    const { state, notices } = parse("seats=40&power_min=99999&price_max=999999999999");
    expect(state.seats).toBe(SEARCH_LIMITS.seatsMax);
    expect(state.powerMin).toBe(SEARCH_LIMITS.powerMax);
    expect(state.priceMax).toBe(SEARCH_LIMITS.priceMax);
    expect(notices).toHaveLength(3);
  });

  it("swaps a minimum price above the maximum", () => {
    const { state, notices } = parse("price_min=500000&price_max=200000");
    expect([state.priceMin, state.priceMax]).toEqual([200000, 500000]);
    expect(notices).toHaveLength(1);
  });

  it("treats page 0, negative or non-numeric pages as page 1 with a notice", () => {
    for (const page of ["0", "-2", "abc", "1.5"]) {
      const { state, notices } = parse(`page=${page}`);
      expect(state.page).toBe(1);
      expect(notices).toHaveLength(1);
    }
    // A page past the end is the page's business (it knows the total).
    expect(parse("page=999999").state.page).toBe(999999);
  });

  it("shortens a very long text and strips control characters", () => {
    const { state, notices } = parse(`q=${"a".repeat(10_000)}`);
    expect(state.q).toHaveLength(SEARCH_LIMITS.qMax);
    expect(notices).toHaveLength(1);
    expect(parse("q=%00Polo%0A%20GTI").state.q).toBe("Polo GTI");
  });

  it("keeps at most the allowed number of values per list", () => {
    const many = Array.from({ length: 60 }, (_, i) => `brand=b${i}`).join("&");
    const { state, notices } = parse(many);
    expect(state.brand).toHaveLength(SEARCH_LIMITS.multiMax);
    expect(notices).toHaveLength(1);
  });
});

describe("toSearchParams and searchUrl", () => {
  it("write a canonical URL without defaults that parses back to the same search", () => {
    const { state } = parse("sort=popular&page=1&fuel=diesel&brand=toyota&q=hilux");
    const url = searchUrl(state);
    expect(url).toBe("/voitures-neuves/recherche?q=hilux&brand=toyota&fuel=diesel");
    expect(parse(toSearchParams(state).toString()).state).toEqual(state);
    expect(searchUrl(emptySearch)).toBe("/voitures-neuves/recherche");
  });
});
