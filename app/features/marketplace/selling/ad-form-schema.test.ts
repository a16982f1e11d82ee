import { describe, expect, it } from "vitest";
import {
  AD_FORM_LIMITS,
  adCarStepSchema,
  adConditionStepSchema,
  adContactStepSchema,
  adDescriptionStepSchema,
  adPlaceStepSchema,
  adPriceStepSchema,
  DESCRIPTION_LINK_MESSAGE,
  DESCRIPTION_PHONE_MESSAGE,
  descriptionContactProblem,
  internationalPhone,
} from "./ad-form-schema";

type Schema = { safeParse: (value: unknown) => { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[]; message: string }[] } } };

/** The message under each field, as the form shows them. */
function messages(schema: Schema, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join(".") || "form", issue.message]));
}

describe("posting an ad: the car", () => {
  const car = { make: " Volkswagen ", model: "Polo  Vivo", variant: "", year: "2019", bodyType: "hatchback", fuel: "petrol", transmission: "manual", drive: "2wd" };

  it("takes a car as typed, tidied", () => {
    expect(adCarStepSchema.parse(car)).toEqual({ ...car, make: "Volkswagen", model: "Polo Vivo", year: 2019 });
  });

  it("says what is missing or wrong under each field", () => {
    expect(messages(adCarStepSchema, { ...car, make: "  ", year: "1900", fuel: "steam" })).toEqual({
      make: "Please enter the make",
      year: `The year must be between ${AD_FORM_LIMITS.yearMin} and ${AD_FORM_LIMITS.yearMax}`,
      fuel: "Please choose the fuel",
    });
    expect(messages(adCarStepSchema, {})).toMatchObject({ make: "Please enter the make", model: "Please enter the model", year: "Please enter the year", bodyType: "Please choose the body type" });
    expect(messages(adCarStepSchema, { ...car, year: "twenty" }).year).toBe("Please enter the year (digits only)");
  });
});

describe("posting an ad: condition, price and place", () => {
  it("reads mileage and price as people type them", () => {
    expect(adConditionStepSchema.parse({ mileageKm: "86 000 km", serviceHistory: "full", colour: "white" })).toMatchObject({
      mileageKm: 86_000,
      previousOwners: null,
      engineCc: null,
      equipment: [],
    });
    expect(adPriceStepSchema.parse({ priceZar: "R 159,000", negotiable: "yes" })).toEqual({ priceZar: 159_000, negotiable: true });
    expect(adPriceStepSchema.parse({ priceZar: "159000" })).toEqual({ priceZar: 159_000, negotiable: false });
    // As the site itself writes prices.
    expect(adPriceStepSchema.parse({ priceZar: "159.000 ZAR" })).toEqual({ priceZar: 159_000, negotiable: false });
    // Cents are not read as thousands.
    expect(messages(adPriceStepSchema, { priceZar: "139 000.00" }).priceZar).toBe("Please enter the price in rand (digits only)");
    expect(messages(adPriceStepSchema, { priceZar: "159k" }).priceZar).toBe("Please enter the price in rand (digits only)");
    expect(messages(adPriceStepSchema, { priceZar: "900" }).priceZar).toBe("The price must be between R 5 000 and R 20 000 000");
  });

  it("keeps the equipment list short and without repeats, and knows the colours", () => {
    const parsed = adConditionStepSchema.parse({ mileageKm: "0", serviceHistory: "none", colour: "white", equipment: ["Tow bar", " tow  bar ", "Tow bar", ""], doors: "5" });
    expect(parsed.equipment).toEqual(["Tow bar", "tow bar"]);
    expect(parsed.doors).toBe(5);
    expect(messages(adConditionStepSchema, { mileageKm: "10", serviceHistory: "full", colour: "tartan", doors: "11" })).toEqual({
      colour: "Please choose the colour",
      doors: "The number of doors must be between 2 and 6",
    });
    const tooMany = Array.from({ length: AD_FORM_LIMITS.equipmentItems + 1 }, (_, i) => `Item ${i}`);
    expect(messages(adConditionStepSchema, { mileageKm: "10", serviceHistory: "full", colour: "white", equipment: tooMany }).equipment).toMatch(/at most/);
  });

  it("wants a town of the chosen province", () => {
    expect(adPlaceStepSchema.parse({ province: "gauteng", city: "pretoria" })).toEqual({ province: "gauteng", city: "pretoria" });
    expect(messages(adPlaceStepSchema, { province: "gauteng", city: "durban" })).toEqual({ city: "Please choose a town in this province" });
    expect(messages(adPlaceStepSchema, { province: "atlantis", city: "pretoria" }).province).toBe("Please choose the province");
  });
});

describe("posting an ad: the description and the contact step", () => {
  it("flags a phone number or a link typed into the description, not the car's own numbers", () => {
    for (const text of ["Call me on 082 123 4567 after five", "WhatsApp +27 82-123-4567", "phone 0821234567", "Tel (011) 555 1234"]) {
      expect(descriptionContactProblem(text), text).toBe(DESCRIPTION_PHONE_MESSAGE);
    }
    for (const text of ["More photos on www.mycar.co.za", "See https://example.com/polo", "email seller@example.com", "visit polosforsale.co.za"]) {
      expect(descriptionContactProblem(text), text).toBe(DESCRIPTION_LINK_MESSAGE);
    }
    for (const text of [
      "2019 Polo Vivo, 86 000 km, one owner, R 159 000 or nearest offer.",
      "Full service history at 15 000, 30 000 and 45 000 km. Two keys. 270 000 km on the clock.",
      "Engine 1.4 (1 398 cc), 5 doors, tyres replaced in 2025, licence valid to 03/2027.",
    ]) {
      expect(descriptionContactProblem(text), text).toBeUndefined();
    }
    expect(messages(adDescriptionStepSchema, { description: "Lovely car, call 082 123 4567 for a test drive please." })).toEqual({ description: DESCRIPTION_PHONE_MESSAGE });
    expect(messages(adDescriptionStepSchema, { description: "Too short" }).description).toMatch(/at least 30 characters/);
  });

  it("stores a South African number as +27, and asks for one only when it is to be shown", () => {
    expect(internationalPhone("082 123 4567")).toBe("+27821234567");
    expect(internationalPhone("+27 (82) 123-4567")).toBe("+27821234567");
    expect(internationalPhone("123")).toBeNull();
    expect(adContactStepSchema.parse({ showPhone: "yes", phone: "082 123 4567" })).toEqual({ showPhone: true, phone: "+27821234567", stockNumber: null });
    expect(adContactStepSchema.parse({ phone: "" })).toEqual({ showPhone: false, phone: null, stockNumber: null });
    // A dealer's stock number: kept as typed when it reads the same in a feed, a URL and a CSV.
    expect(adContactStepSchema.parse({ phone: "", stockNumber: " VW/2291-b " }).stockNumber).toBe("VW/2291-b");
    expect(messages(adContactStepSchema, { phone: "", stockNumber: "VW 2291" }).stockNumber).toMatch(/stock number/);
    expect(messages(adContactStepSchema, { phone: "", stockNumber: "=HYPERLINK()" }).stockNumber).toMatch(/stock number/);
    expect(messages(adContactStepSchema, { phone: "", stockNumber: "A".repeat(41) }).stockNumber).toMatch(/stock number/);
    expect(messages(adContactStepSchema, { showPhone: "yes", phone: "" })).toEqual({ phone: "Please enter the number buyers may call, or choose not to show one" });
    expect(messages(adContactStepSchema, { showPhone: "yes", phone: "+44 20 7946 0958" }).phone).toMatch(/South African phone number/);
  });
});
