import { describe, expect, it } from "vitest";
import { dealerActions, roleMay } from "./permissions";

describe("roleMay", () => {
  it("lets the owner do everything", () => {
    for (const action of dealerActions) expect(roleMay("owner", action)).toBe(true);
  });

  it("lets staff handle stock and leads, never people or the dealer's details", () => {
    expect(roleMay("staff", "stock")).toBe(true);
    expect(roleMay("staff", "leads")).toBe(true);
    expect(roleMay("staff", "people")).toBe(false);
    expect(roleMay("staff", "details")).toBe(false);
  });
});
