import { describe, expect, it } from "vitest";
import { authorLabel, wasEdited } from "./review-display";
import { hubUrl, modelReviewsQueryChanged, modelReviewsUrl, readHubQuery, readModelReviewsQuery } from "./urls";

const params = (search: string) => new URLSearchParams(search);

describe("a model page's reviews query", () => {
  it("reads the page and the order, anything else being page 1, latest first", () => {
    expect(readModelReviewsQuery(params("avis=3&tri=utiles"))).toEqual({ page: 3, order: "helpful" });
    expect(readModelReviewsQuery(params(""))).toEqual({ page: 1, order: "latest" });
    expect(readModelReviewsQuery(params("avis=0&tri=best"))).toEqual({ page: 1, order: "latest" });
    expect(readModelReviewsQuery(params("avis=-2"))).toEqual({ page: 1, order: "latest" });
    expect(readModelReviewsQuery(params("avis=99999"))).toEqual({ page: 1, order: "latest" });
  });

  it("writes only what differs from the default, at the section", () => {
    const model = { id: 12, slug: "corolla-cross" };
    expect(modelReviewsUrl("toyota", model)).toBe("/guide-auto/voitures-neuves/marque/toyota/modele/12-corolla-cross#owner-reviews");
    expect(modelReviewsUrl("toyota", model, { page: 2, order: "helpful" })).toBe(
      "/guide-auto/voitures-neuves/marque/toyota/modele/12-corolla-cross?avis=2&tri=utiles#owner-reviews",
    );
  });

  it("tells when the model page must load other reviews (the version filters alone need none)", () => {
    const base = "http://x/guide-auto/voitures-neuves/marque/toyota/modele/12-corolla-cross";
    expect(modelReviewsQueryChanged(new URL(`${base}?fuel=petrol`), new URL(`${base}?fuel=diesel`))).toBe(false);
    expect(modelReviewsQueryChanged(new URL(base), new URL(`${base}?avis=1`))).toBe(false);
    expect(modelReviewsQueryChanged(new URL(base), new URL(`${base}?avis=2`))).toBe(true);
    expect(modelReviewsQueryChanged(new URL(`${base}?avis=2`), new URL(`${base}?avis=2&tri=utiles`))).toBe(true);
  });
});

describe("the hub's query", () => {
  it("keeps known values and drops the others with their names", () => {
    expect(readHubQuery(params("carrosserie=suv&marque=toyota&q=%20corolla%20%20cross%20&page=2"))).toEqual({
      bodyType: "suv",
      brandSlug: "toyota",
      q: "corolla cross",
      page: 2,
      dropped: [],
    });
    expect(readHubQuery(params("carrosserie=rocket&marque=%3Cscript%3E&page=abc"))).toEqual({
      bodyType: undefined,
      brandSlug: undefined,
      q: "",
      page: 1,
      dropped: ["body type", "brand", "page"],
    });
  });

  it("writes the state back in one order", () => {
    expect(hubUrl({})).toBe("/guide-auto/avis-des-automobilistes");
    expect(hubUrl({ bodyType: "suv", brandSlug: "kia", page: 3 }, "latest")).toBe("/guide-auto/avis-des-automobilistes?carrosserie=suv&marque=kia&page=3#latest");
    expect(hubUrl({ q: "polo vivo", page: 1 })).toBe("/guide-auto/avis-des-automobilistes?q=polo+vivo");
  });
});

describe("review display", () => {
  it("names an author by first name and initial", () => {
    expect(authorLabel("Naledi Khumalo")).toBe("Naledi K.");
    expect(authorLabel("Thabo M.")).toBe("Thabo M.");
    expect(authorLabel("  Pieter  van der Merwe ")).toBe("Pieter M.");
    expect(authorLabel("Sipho")).toBe("Sipho");
    expect(authorLabel("   ")).toBe("A Voitura member");
  });

  it("calls a review edited only when changed more than a minute after writing", () => {
    expect(wasEdited({ createdAt: "2026-01-01T10:00:00Z", updatedAt: "2026-01-01T10:00:30Z" })).toBe(false);
    expect(wasEdited({ createdAt: "2026-01-01T10:00:00Z", updatedAt: "2026-02-01T10:00:00Z" })).toBe(true);
  });
});
