import { describe, expect, it } from "vitest";
import { type CatalogueModel, carPrefill, fillCarBlanks, fillConditionBlanks, matchVersion } from "./ad-car-prefill";

const hilux: CatalogueModel = {
  make: "Toyota",
  model: "Hilux",
  bodyType: "double-cab",
  launchYear: 2016,
  versions: [
    { name: "2.4 GD-6 Raider", fuel: "diesel", transmission: "manual", drive: "2wd", engineCc: 2393, doors: 4, seats: 5 },
    { name: "2.8 GD-6 Legend 4x4 auto", fuel: "diesel", transmission: "automatic", drive: "4x4", engineCc: 2755, doors: 4, seats: 5 },
    { name: "2.8 GD-6 Raider 4x4", fuel: "diesel", transmission: "manual", drive: "4x4", engineCc: 2755, doors: 4, seats: 5 },
  ],
};

describe("the catalogue's fill-in of the car step", () => {
  it("waits for the year, then gives the model's body, its versions' most common fuel, gearbox and drive, and what they all share", () => {
    expect(carPrefill(hilux, { year: "" })).toEqual({});
    expect(carPrefill(undefined, { year: "2019" })).toEqual({});
    // Engine sizes differ between the versions; doors and seats do not.
    expect(carPrefill(hilux, { year: "2019" })).toEqual({ bodyType: "double-cab", fuel: "diesel", transmission: "manual", drive: "4x4", engineCc: undefined, doors: 4, seats: 5 });
  });

  it("takes the named version's figures, engine, doors and seats included", () => {
    expect(matchVersion(hilux.versions, " 2.8 gd-6 legend 4x4 AUTO ")?.name).toBe("2.8 GD-6 Legend 4x4 auto");
    expect(matchVersion(hilux.versions, "2.4")?.name).toBe("2.4 GD-6 Raider");
    expect(matchVersion(hilux.versions, "Invincible")).toBeUndefined();
    expect(carPrefill(hilux, { year: "2020", variant: "2.8 GD-6 Legend 4x4 auto" })).toEqual({
      bodyType: "double-cab",
      fuel: "diesel",
      transmission: "automatic",
      drive: "4x4",
      engineCc: 2755,
      doors: 4,
      seats: 5,
    });
  });

  it("fills only the blanks: the seller's choices stay", () => {
    const prefill = carPrefill(hilux, { year: "2020", variant: "2.4 GD-6 Raider" });
    expect(fillCarBlanks({ make: "Toyota", bodyType: "", fuel: "petrol" }, prefill)).toEqual({ make: "Toyota", bodyType: "double-cab", fuel: "petrol", transmission: "manual", drive: "2wd" });
    expect(fillConditionBlanks({ mileageKm: "80000", engineCc: "2400" }, prefill)).toEqual({ mileageKm: "80000", engineCc: "2400", doors: "4", seats: "5" });
    expect(fillConditionBlanks(undefined, carPrefill(hilux, { year: "2020" }))).toEqual({ doors: "4", seats: "5" });
  });
});
