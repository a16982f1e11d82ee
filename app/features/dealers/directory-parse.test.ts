import { describe, expect, it } from "vitest";
import {
  DIRECTORY_LIMITS,
  directoryChips,
  directorySearchUrl,
  directorySearchWith,
  directoryUrlFromForm,
  emptyDirectorySearch,
  hasDirectoryFilters,
} from "./directory-params";
import { parseDirectorySearch } from "./directory-parse";
import { nearbyDealersUrl, parseNearbyQuery } from "./nearby";

const parse = (query: string) => parseDirectorySearch(new URLSearchParams(query));

describe("parseDirectorySearch", () => {
  it("gives the default search for no parameters", () => {
    expect(parse("")).toEqual({ search: emptyDirectorySearch(), notices: [] });
  });

  it("reads every parameter of a valid search", () => {
    const { search, notices } = parse("q=+Menlyn++Toyota+&brand=Toyota&province=gauteng&city=pretoria&sells=new&services=parts&services=sales,parts&marketplace=1&sort=town&page=2");
    expect(notices).toEqual([]);
    expect(search).toEqual({
      q: "Menlyn Toyota",
      brand: "toyota",
      province: "gauteng",
      city: "pretoria",
      sells: "new",
      // In the vocabulary's order, once each.
      services: ["sales", "parts"],
      marketplace: true,
      sort: "town",
      page: 2,
    });
  });

  it("ignores the empty fields a plain form sends", () => {
    expect(parse("q=&brand=&province=&city=&sells=&sort=name")).toEqual({ search: emptyDirectorySearch(), notices: [] });
  });

  it("drops each bad value with a notice and keeps the rest", () => {
    const { search, notices } = parse("brand=<b>&province=gotham&city=atlantis&sells=both&services=valeting&services=finance&marketplace=maybe&sort=rating&page=0");
    expect(search).toEqual({ ...emptyDirectorySearch(), services: ["finance"] });
    expect(notices).toEqual([
      "Brand “<b>” is not a brand we know and was ignored.",
      "Province “gotham” is not a South African province and was ignored.",
      "Town “atlantis” is not a town we know and was ignored.",
      "New or used “both” is not a valid choice and was ignored.",
      "Sort “rating” is not available; dealers are sorted by name.",
      "Service “valeting” is not a valid choice and was ignored.",
      "On Voitura “maybe” is not a valid choice and was ignored.",
      "Page “0” does not exist; showing the first page.",
    ]);
  });

  it("lets a town outside the chosen province give way", () => {
    const { search, notices } = parse("province=gauteng&city=cape-town");
    expect(search).toEqual({ ...emptyDirectorySearch(), province: "gauteng" });
    expect(notices).toEqual(["Cape Town is not in Gauteng; the town was ignored."]);
  });

  it("shortens a long text and takes the last of repeated single values", () => {
    const { search, notices } = parse(`q=${"a".repeat(200)}&province=gauteng&province=limpopo&page=99999999999`);
    expect(search.q).toHaveLength(DIRECTORY_LIMITS.qMax);
    expect(search.province).toBe("limpopo");
    expect(search.page).toBe(1);
    expect(notices).toHaveLength(2);
  });

  it("reads a checkbox sent as on, and 0 as off", () => {
    expect(parse("marketplace=on").search.marketplace).toBe(true);
    expect(parse("marketplace=0")).toEqual({ search: emptyDirectorySearch(), notices: [] });
  });
});

describe("the directory's URLs", () => {
  it("writes a search in one canonical order without defaults", () => {
    expect(directorySearchUrl(emptyDirectorySearch())).toBe("/concessionnaires");
    expect(
      directorySearchUrl(directorySearchWith({ page: 3, sort: "town", marketplace: true, services: ["finance", "sales"], sells: "used", city: "durban", province: "kwazulu-natal", brand: "ford", q: "motor city" })),
    ).toBe("/concessionnaires?q=motor+city&brand=ford&province=kwazulu-natal&city=durban&sells=used&services=sales&services=finance&marketplace=1&sort=town&page=3");
  });

  it("reads back what it writes", () => {
    const search = directorySearchWith({ q: "Cape Town", brand: "toyota", province: "western-cape", city: "cape-town", sells: "new", services: ["service"], marketplace: true, sort: "town", page: 2 });
    expect(parse(directorySearchUrl(search).split("?")[1]!).search).toEqual(search);
  });

  it("turns the filter form's fields into the canonical address", () => {
    const fields: [string, string][] = [
      ["q", " Menlyn "],
      ["brand", "toyota"],
      ["province", "gauteng"],
      ["city", ""],
      ["sells", ""],
      ["services", "finance"],
      ["services", "sales"],
      ["sort", "name"],
    ];
    expect(directoryUrlFromForm(fields)).toBe("/concessionnaires?q=Menlyn&brand=toyota&province=gauteng&services=sales&services=finance");
    expect(directoryUrlFromForm([["marketplace", "1"], ["sort", "town"]])).toBe("/concessionnaires?marketplace=1&sort=town");
  });

  it("gives a chip per filter that removes it, back on page 1", () => {
    const search = directorySearchWith({ q: "motor", brand: "toyota", province: "gauteng", services: ["sales", "parts"], marketplace: true, page: 2 });
    const chips = directoryChips(search, (slug) => (slug === "toyota" ? "Toyota" : slug));
    expect(chips.map((c) => [c.label, c.url])).toEqual([
      ["“motor”", "/concessionnaires?brand=toyota&province=gauteng&services=sales&services=parts&marketplace=1"],
      ["Toyota", "/concessionnaires?q=motor&province=gauteng&services=sales&services=parts&marketplace=1"],
      ["Gauteng", "/concessionnaires?q=motor&brand=toyota&services=sales&services=parts&marketplace=1"],
      ["Car sales", "/concessionnaires?q=motor&brand=toyota&province=gauteng&services=parts&marketplace=1"],
      ["Parts", "/concessionnaires?q=motor&brand=toyota&province=gauteng&services=sales&marketplace=1"],
      ["On Voitura", "/concessionnaires?q=motor&brand=toyota&province=gauteng&services=sales&services=parts"],
    ]);
    expect(hasDirectoryFilters(search)).toBe(true);
    expect(hasDirectoryFilters(directorySearchWith({ sort: "town", page: 4 }))).toBe(false);
  });
});

describe("the nearby dealers' resource parameters", () => {
  it("reads a brand id and an optional province", () => {
    expect(parseNearbyQuery(new URLSearchParams("brand=12&province=gauteng"))).toEqual({ brandId: 12, province: "gauteng" });
    expect(parseNearbyQuery(new URLSearchParams("brand=12&province="))).toEqual({ brandId: 12, province: undefined });
    expect(parseNearbyQuery(new URLSearchParams(nearbyDealersUrl(7, "north-west").split("?")[1]))).toEqual({ brandId: 7, province: "north-west" });
  });

  it("refuses a brand that is not a positive whole number and an unknown province", () => {
    for (const query of ["", "brand=", "brand=0", "brand=-1", "brand=1.5", "brand=toyota", "brand=1&province=gotham"]) {
      expect(parseNearbyQuery(new URLSearchParams(query)), query).toHaveProperty("error");
    }
  });
});
