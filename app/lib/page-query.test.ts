import { describe, expect, it } from "vitest";
import { isCampaignParam, judgeQuery, withCampaign } from "./page-query";

describe("campaign parameters", () => {
  it("are the utm_ fields and the ad networks' click ids", () => {
    for (const name of ["utm_source", "utm_medium", "UTM_Campaign", "gclid", "fbclid", "msclkid", "_gl"]) expect(isCampaignParam(name)).toBe(true);
    for (const name of ["utm", "utm_", "page", "q", "source", "gclidx"]) expect(isCampaignParam(name)).toBe(false);
  });

  it("go back on a redirect's address, before its fragment", () => {
    expect(withCampaign("/a?make1=toyota", ["utm_source=mail"])).toBe("/a?make1=toyota&utm_source=mail");
    expect(withCampaign("/a#top", ["utm_source=mail", "gclid=1"])).toBe("/a?utm_source=mail&gclid=1#top");
    expect(withCampaign("/a", [])).toBe("/a");
  });
});

describe("judging a public page's query", () => {
  it("leaves a query of known parameters as written", () => {
    expect(judgeQuery("?page=2", ["page"], false)).toEqual({ renderQuery: "?page=2", redirectQuery: undefined, campaign: [] });
    expect(judgeQuery("", [], false).renderQuery).toBe("");
    expect(judgeQuery("?", [], false).renderQuery).toBe("");
  });

  it("sends a document with an unknown parameter to the address without it, keeping campaign fields", () => {
    expect(judgeQuery("?x=1", [], false).redirectQuery).toBe("");
    const verdict = judgeQuery("?page=2&x=1&utm_source=mail", ["page"], false);
    expect(verdict).toEqual({ renderQuery: "?page=2", redirectQuery: "?page=2&utm_source=mail", campaign: ["utm_source=mail"] });
    // A name written with escapes is the same name.
    expect(judgeQuery("?pa%67e=3", ["page"], false)).toEqual({ renderQuery: "?pa%67e=3", redirectQuery: undefined, campaign: [] });
  });

  it("takes campaign fields out of the render without a redirect", () => {
    expect(judgeQuery("?utm_source=news&utm_medium=email", [], false)).toEqual({ renderQuery: "", redirectQuery: undefined, campaign: ["utm_source=news", "utm_medium=email"] });
    expect(judgeQuery("?fuel=diesel&gclid=abc", ["fuel"], false).renderQuery).toBe("?fuel=diesel");
  });

  it("keeps values byte for byte, repeated names and their order", () => {
    expect(judgeQuery("?versions=12%2C7&versions=31&diff=1", ["versions", "diff"], false).renderQuery).toBe("?versions=12%2C7&versions=31&diff=1");
  });

  it("drops unknown parameters of a .data request quietly, keeping React Router's own", () => {
    expect(judgeQuery("?_routes=routes%2Fhome&x=1", [], true)).toEqual({ renderQuery: "?_routes=routes%2Fhome", redirectQuery: undefined, campaign: [] });
    // A document never gets React Router's parameters through.
    expect(judgeQuery("?_routes=root", [], false).redirectQuery).toBe("");
  });

  it("lets a route that reads its whole query keep it, campaign fields apart", () => {
    expect(judgeQuery("?make=toyota&anything=1&utm_source=x", "own", false)).toEqual({ renderQuery: "?make=toyota&anything=1", redirectQuery: undefined, campaign: ["utm_source=x"] });
  });
});
