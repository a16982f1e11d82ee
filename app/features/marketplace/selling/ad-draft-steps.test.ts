import { describe, expect, it } from "vitest";
import { draftStepPath, firstOpenStep, nextStep, previousStep, publishedNotice, stepHeading, stepValues } from "./ad-draft-steps";

describe("the posting form's steps", () => {
  it("reads a step's own fields from a form, lists as lists, nothing else", () => {
    const form = new FormData();
    form.append("mileageKm", "86 000");
    form.append("equipment", "Bluetooth");
    form.append("equipment", "Tow bar");
    form.append("intent", "continue");
    form.append("priceZar", "1");
    expect(stepValues("condition", form)).toEqual({ mileageKm: "86 000", equipment: ["Bluetooth", "Tow bar"] });
    expect(stepValues("price", form)).toEqual({ priceZar: "1" });
  });

  it("bounds what a draft keeps", () => {
    const form = new FormData();
    form.append("description", "x".repeat(50_000));
    expect((stepValues("description", form).description as string).length).toBe(10_000);
  });

  it("names the steps, in order", () => {
    expect(stepHeading("condition")).toBe("Step 2 of 8 · Condition");
    expect(nextStep("car")).toBe("condition");
    expect(nextStep("preview")).toBe("preview");
    expect(previousStep("car")).toBeUndefined();
    expect(previousStep("contact")).toBe("photos");
    expect(draftStepPath(12, "price")).toBe("/poster-une-annonce/12/price");
  });

  it("continues a draft at its first open step", () => {
    expect(firstOpenStep([], false)).toBe("car");
    expect(firstOpenStep(["car", "condition", "price", "place", "description"], false)).toBe("photos");
    expect(firstOpenStep(["car", "condition", "price", "place", "description"], true)).toBe("contact");
    expect(firstOpenStep(["car", "condition", "price", "place", "description", "contact"], true)).toBe("preview");
  });

  it("says what happened after publishing, and nothing for any other value", () => {
    expect(publishedNotice("publiee")).toMatch(/^Your ad is online/);
    expect(publishedNotice("modifiee")).toBe("Your changes are saved.");
    expect(publishedNotice("<script>")).toBeNull();
  });
});
