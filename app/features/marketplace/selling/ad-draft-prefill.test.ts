import { describe, expect, it } from "vitest";
import { prefilledSellUrl, prefillFields, readDraftPrefill } from "./ad-draft-prefill";

describe("a valued car's prefill of the posting form", () => {
  it("goes through the address and fills the car, mileage and province steps", () => {
    const url = prefilledSellUrl({ make: "Daihatsu", model: "Terios", variant: "", year: "2013", km: "120000", province: "gauteng" });
    expect(url).toBe("/poster-une-annonce?make=Daihatsu&model=Terios&year=2013&km=120000&province=gauteng");
    const car = readDraftPrefill(new URL(url, "http://x").searchParams)!;
    expect(prefillFields(car)).toEqual({
      car: { make: "Daihatsu", model: "Terios", variant: "", year: "2013" },
      condition: { mileageKm: "120000" },
      place: { province: "gauteng" },
    });
  });

  it("needs a make and a model, and keeps only well-formed numbers", () => {
    expect(readDraftPrefill(new URLSearchParams("make=Daihatsu"))).toBeNull();
    expect(prefillFields({ make: "Daihatsu", model: "Terios", year: "20x3", km: "lots" })).toEqual({ car: { make: "Daihatsu", model: "Terios", variant: "", year: "" } });
  });
});
