import { describe, expect, it } from "vitest";
import { brandInitials, monogramTextColour } from "./brand-monogram";

describe("brand monogram", () => {
  it("takes two initials from two words, else two letters", () => {
    expect(brandInitials("Land Rover")).toBe("LR");
    expect(brandInitials("Mercedes-Benz")).toBe("MB");
    expect(brandInitials("Toyota")).toBe("TO");
    expect(brandInitials("BYD")).toBe("BY");
  });
  it("picks the initials colour with more contrast", () => {
    expect(monogramTextColour("#000000")).toBe("#ffffff");
    expect(monogramTextColour("#ffffff")).toBe("#0f172a");
    expect(monogramTextColour("#eb0a1e")).toBe("#ffffff");
    expect(monogramTextColour("#ffd100")).toBe("#0f172a");
  });
});
